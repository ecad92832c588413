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

  # On a Windows node the allowed directory is C:\Users\me. Whether a client compares
  # Windows paths case-insensitively, or takes `/` or a lower-case drive for an absolute
  # path, the seeds do not say (004 §7.6 asks only for the range check): the paths refused
  # below are absolute and outside the range under every reading (another drive, a name
  # that only starts like the allowed one, a climb out with `..`), and the one accepted is
  # spelled as the agent spells its own paths.
  @clause:crs-fb-manual-prevalidate @clause:crs-fb-manual-out-of-range
  Scenario Outline: A Windows path outside the allowed directory is refused: <what>
    Given the agent serves the "windows" file system
    When the user opens the working-directory dialog
    And the user types "<path>" into the manual path field
    Then the dialog shows the warning "허용된 디렉토리 범위 밖입니다"
    And the select button is disabled

    Examples:
      | what                              | path                             |
      | another drive                     | D:\\\\Work                       |
      | a name starting like the allowed  | C:\\\\Users\\\\mean              |
      | a climb out with ..               | C:\\\\Users\\\\me\\\\..\\\\other |

  @clause:crs-fb-manual-input @clause:crs-fb-manual-prevalidate
  Scenario: A Windows path inside the allowed directory is accepted
    Given the agent serves the "windows" file system
    When the user opens the working-directory dialog
    And the user types "C:\\Users\\me\\code" into the manual path field
    Then the dialog does not show "허용된 디렉토리 범위 밖입니다"
    When the user clicks the select button
    Then the workspace path is "C:\\Users\\me\\code"

  @guard:crs-fb-manual-prevalidate
  Scenario: A Windows path inside the allowed directory, typed with a trailing separator, is not refused
    Given the agent serves the "windows" file system
    When the user opens the working-directory dialog
    And the user types "C:\\Users\\me\\code\\" into the manual path field
    Then the dialog does not show "허용된 디렉토리 범위 밖입니다"

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

  # Where the keyboard focus goes when the dialog closes: the seeds do not say. 002 §2.5.5
  # (SHOULD) makes the input the place keys go whenever no popup or interaction UI is shown,
  # and the Enter row of 002 §2.5.1 sends the input's text then; a client giving the focus
  # back to the button that opened the dialog (WAI-ARIA's dialog practice) breaks no MUST,
  # so these scenarios check the SHOULD of §2.5.5 (the decision of crs-typing-focuses-input).
  @clause:crs-typing-focuses-input
  @part:5
  Scenario: After a directory is chosen, Enter sends the draft the input holds
    When the user types "a draft" without sending it
    And the user opens the working-directory dialog
    And the user clicks "docs"
    And the user clicks the select button
    Then the workspace path is "/w/docs"
    And the input has the keyboard focus
    When the user presses the key "Enter"
    Then the client sent 1 prompt
    And prompt 1 has the text "a draft"

  @clause:crs-typing-focuses-input
  @part:5
  Scenario: After the dialog is closed with Escape, Enter sends the draft the input holds
    When the user types "a draft" without sending it
    And the user opens the working-directory dialog
    And the user presses "escape" in the file browser
    Then the file browser dialog is closed
    And the input has the keyboard focus
    When the user presses the key "Enter"
    Then the client sent 1 prompt
    And prompt 1 has the text "a draft"

  @clause:crs-typing-focuses-input
  @part:5
  Scenario: Tab and letters typed in one burst during session creation end in the input
    Tab moves the focus on (to the dialog's button, say); the letters that follow it in
    the same burst still land in the input, and so does the focus, so Enter sends them.
    When the user opens the working-directory dialog
    And the user presses "escape" in the file browser
    And the user presses Tab and types "hello" in one burst
    Then the input's text is exactly "hello"
    And the input has the keyboard focus
