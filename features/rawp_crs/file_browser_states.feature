Feature: Loading, offline, unreadable, cyclic, truncated and partial answers
  The file browser tells the user what is going on: a centred spinner while the first
  answer is awaited (the manual field stays usable), an error panel with a retry button
  when the node is offline, a lock and a tooltip on entries the agent cannot read, a
  disabled entry for a symlink cycle, a note of how many entries were left out, and a
  warning when the answer is partial.

  Background:
    Given the RAWP-CRS client is running
    And the agent serves the "workspace" file system

  @clause:crs-fb-initial-spinner
  Scenario: A spinner is centred in the tree area while the root is loading
    Given the agent holds back its browse answers
    When the user opens the working-directory dialog
    Then a spinner is drawn at the centre of the tree area
    When the agent releases its browse answers
    Then the tree shows "src, docs" in this order

  @clause:crs-fb-manual-input-while-loading
  Scenario: The manual path field can be used while the root is loading
    Given the agent holds back its browse answers
    When the user opens the working-directory dialog
    And the user types "/w/src" into the manual path field
    Then the manual path field holds "/w/src"

  @screenshot:4
  @clause:crs-fb-node-offline
  Scenario: An offline node replaces the tree by an error panel with a retry button
    Given browsing fails with "node_offline"
    When the user opens the working-directory dialog
    Then the tree area shows "노드에 연결할 수 없습니다"
    And the tree does not show "src"
    When browsing works again
    And the user clicks the retry button
    Then the tree shows "src, docs" in this order

  @clause:crs-fb-unreadable-tooltip
  Scenario Outline: An unreadable directory shows its tooltip and cannot be expanded
    Given the agent serves the "unreadable" file system
    When the user opens the working-directory dialog
    And the user hovers over "secret"
    Then "접근 권한 없음" appears on the screen
    When <attempt>
    Then "secret" stays collapsed and shows no children
    And no browse call asked for "/w/secret"
    And the tree does not show "inside"

    Examples:
      | attempt                                       |
      | the user clicks the chevron of "secret"       |
      | the user double-clicks "secret"               |
      | the user presses "right space" in the file browser |

  @clause:crs-fb-symlink-cycle
  Scenario Outline: A symlink cycle is disabled, muted, with its tooltip
    Given the agent serves the "cycle" file system
    When the user opens the working-directory dialog
    Then "loop" is drawn muted beside "docs"
    When the user hovers over "loop"
    Then "순환 심링크" appears on the screen
    When <attempt>
    Then "loop" stays collapsed and shows no children
    And no browse call asked for "/w/loop"

    Examples:
      | attempt                                       |
      | the user clicks the chevron of "loop"         |
      | the user double-clicks "loop"                 |
      | the user presses "right space" in the file browser |

  @clause:crs-fb-symlink-cycle
  Scenario: A cyclic directory cannot be chosen
    Given the agent serves the "cycle" file system
    When the user opens the working-directory dialog
    And the user clicks "loop"
    And the user presses "enter" in the file browser
    Then no workspace path is set
    And the file browser dialog is still open

  @screenshot
  @clause:crs-fb-truncation-note
  Scenario: A truncated directory says how many entries were left out
    Given the agent serves the "truncated" file system
    When the user opens the working-directory dialog
    And the directory "big" is expanded
    Then a note says 3 more entries under "big"

  @clause:crs-fb-truncation-note
  Scenario: Every truncated directory has its note: one loaded when expanded, one expanded again
    The note is not only for the first directory expanded: a directory whose entries arrive
    when it is expanded, and a directory collapsed and expanded again, say it too.

    Given the agent serves the "truncated" file system
    When the user opens the working-directory dialog
    And the directory "big" is expanded
    And the directory "later" is expanded
    Then a note says 3 more entries under "big"
    And a note says 2 more entries under "later"
    When the directory "big" is collapsed
    And the directory "big" is expanded
    Then a note says 3 more entries under "big"

  @clause:crs-fb-truncation-note
  Scenario: A directory of 100,000 entries shows the ones sent and a note of the rest
    Given the agent serves the "truncated" file system
    When the user opens the working-directory dialog
    And the directory "huge" is expanded
    Then the tree shows "huge, f00000, f00001" in this order
    And a note says 99997 more entries under "huge"

  @clause:crs-fb-partial-failure
  Scenario: A partial answer is shown with a warning at the bottom
    Given the agent serves the "partial" file system
    When the user opens the working-directory dialog
    Then the tree shows "src, docs" in this order
    And the dialog shows "일부 항목을 불러오지 못했습니다" below "docs"

  @clause:crs-fb-key-escape
  Scenario: A root browse that never answers leaves the dialog usable and closable
    Given the agent holds back its browse answers
    When the user opens the working-directory dialog
    Then a spinner is drawn at the centre of the tree area
    When the user presses "escape" in the file browser
    Then the file browser dialog is closed
    And no workspace path is set

  @clause:crs-fb-expansion-spinner
  Scenario: An expansion that never answers keeps its spinner while the rest of the tree works
    When the user opens the working-directory dialog
    And the directory "src" is collapsed
    And the agent holds back its browse answers
    And the user clicks the chevron of "docs"
    And the user clicks "build"
    And the user presses "up up enter" in the file browser
    Then the workspace path is "/w/src"
