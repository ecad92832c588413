Feature: Choosing the working directory
  A single click marks a directory; the `선택` button (or Enter) confirms it, which puts its
  path into the session form and closes the dialog. The user may instead type an absolute
  path: the client checks it against the agent's allowed directories before accepting it,
  warns and disables `선택` when it lies outside them, and moves the tree to a valid one.
  With no directory to browse, the tree area says so and points to the manual field.

  Background:
    Given the RAWP-CRS client is running
    And the agent serves the "workspace" file system

  @clause:crs-fb-click-select-confirm @clause:crs-fb-confirm-sets-workspace
  Scenario: A click marks a directory and the select button confirms it
    When the user opens the working-directory dialog
    And the user clicks "docs"
    Then the file browser dialog is still open
    When the user clicks the select button
    Then the workspace path is "/w/docs"

  @clause:crs-fb-click-select-confirm @clause:crs-fb-confirm-sets-workspace
  Scenario: Enter confirms the marked directory
    When the user opens the working-directory dialog
    And the directory "src" is expanded
    And the user clicks "util"
    And the user presses "enter" in the file browser
    Then the workspace path is "/w/src/util"

  @clause:crs-fb-manual-input @clause:crs-fb-manual-prevalidate
  Scenario: A typed absolute path inside the allowed directories is accepted
    When the user opens the working-directory dialog
    And the user types "/w/src/core" into the manual path field
    Then the manual path field holds "/w/src/core"
    And the dialog does not show "허용된 디렉토리 범위 밖입니다"
    When the user clicks the select button
    Then the workspace path is "/w/src/core"

  @clause:crs-fb-manual-prevalidate @clause:crs-fb-manual-out-of-range
  Scenario Outline: A typed path outside the allowed directories is refused before any browse
    When the user opens the working-directory dialog
    And the agent holds back its browse answers
    And the user types "<path>" into the manual path field
    Then the dialog shows the warning "허용된 디렉토리 범위 밖입니다"
    And the select button is disabled
    When the user clicks the select button
    And the user presses "enter" in the file browser
    Then no workspace path is set
    And the file browser dialog is still open

    Examples:
      | path          |
      | /etc          |
      | /wx/project   |
      | /w/../etc     |

  # The agent answers allowed_directories late: until the answer arrives the client cannot
  # tell a typed path inside the range from one outside it, so it must not accept either
  # (004 §7.6: "사전 검증해야 한다 (MUST)"). Whether it warns meanwhile, says it is checking
  # or shows nothing is its choice; once the answer arrives the usual rules apply.
  @clause:crs-fb-manual-prevalidate
  Scenario Outline: A path typed before the allowed directories arrive is not accepted unchecked
    Given the agent holds back its allowed directories
    When the user opens the working-directory dialog
    And the user types "<path>" into the manual path field
    And the user clicks the select button
    And the user presses "enter" in the file browser
    Then no workspace path is set
    And the file browser dialog is still open
    When the agent releases its allowed directories
    Then the dialog shows the warning "허용된 디렉토리 범위 밖입니다"
    And the select button is disabled

    Examples:
      | path        |
      | /etc        |
      | /w/../etc   |

  @clause:crs-fb-manual-prevalidate @clause:crs-fb-manual-input
  Scenario: A path inside the range typed early is accepted once the allowed directories arrive
    Given the agent holds back its allowed directories
    When the user opens the working-directory dialog
    And the user types "/w/src/core" into the manual path field
    And the agent releases its allowed directories
    Then the dialog does not show "허용된 디렉토리 범위 밖입니다"
    When the user clicks the select button
    Then the workspace path is "/w/src/core"

  @screenshot
  @clause:crs-fb-manual-moves-tree
  Scenario: A valid typed path moves the tree there
    When the user opens the working-directory dialog
    And the user types "/w/docs" into the manual path field
    Then a browse call asked for "/w/docs"
    And the tree shows "guide, api.md" in this order

  @clause:crs-fb-empty-state
  Scenario: No allowed directory: the tree area says so and points to the manual field
    Given the agent allows no directory
    When the user opens the working-directory dialog
    Then the tree area shows "탐색 가능한 디렉토리가 없습니다" and a hint besides it
    And the tree does not show "src"

  @clause:crs-fb-empty-state
  Scenario: No accessible directory: the same empty state
    Given the agent serves the "all unreadable" file system
    When the user opens the working-directory dialog
    Then the tree area shows "탐색 가능한 디렉토리가 없습니다" and a hint besides it

  @clause:crs-fb-unrestricted-root
  Scenario: With no restriction the tree shows the root normally
    Given the agent sets no directory restriction
    When the user opens the working-directory dialog
    Then the first browse call asks for the root, with no path
    And the tree shows "src, docs, build, notes.txt" in this order
    And the dialog does not show "탐색 가능한 디렉토리가 없습니다"
