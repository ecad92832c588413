Feature: The treeview keyboard model of the file browser
  The tree follows the WAI-ARIA treeview pattern: ↑/↓ move between entries, → expands a
  directory or enters it, ← collapses it or goes to its parent, Space toggles, Home and
  End go to the first and the last visible entry, Enter chooses the focused directory and
  Escape closes the dialog. A file takes the focus but cannot be chosen. A click on an entry
  gives it the focus; which entry has it is seen through what Enter chooses.

  Background:
    Given the RAWP-CRS client is running
    And the agent serves the "workspace" file system
    And the user opens the working-directory dialog

  @clause:crs-fb-treeview-pattern @clause:crs-fb-key-up-down @clause:crs-fb-key-enter
  Scenario Outline: ↑ and ↓ move the focus between entries
    Given the directory "src" is collapsed
    When the user clicks "docs"
    And the user presses "<keys>" in the file browser
    Then the workspace path is "<path>"

    Examples:
      | keys                   | path     |
      | enter                  | /w/docs  |
      | down enter             | /w/build |
      | up enter               | /w/src   |
      | down down up enter     | /w/build |

  @screenshot:4
  @clause:crs-fb-treeview-pattern @clause:crs-fb-key-right
  Scenario: → expands a collapsed directory, then moves to its first child
    Given the directory "src" is collapsed
    When the user clicks "src"
    And the user presses "right" in the file browser
    Then the directory "src" shows "▼"
    And the tree shows "src, core, util" in this order
    When the user presses "right enter" in the file browser
    Then the workspace path is "/w/src/core"

  @clause:crs-fb-treeview-pattern @clause:crs-fb-key-left
  Scenario: ← collapses an expanded directory, and on a collapsed one moves to its parent
    Given the directory "src" is expanded
    When the user clicks "util"
    And the user presses "left enter" in the file browser
    Then the workspace path is "/w/src"

  @clause:crs-fb-treeview-pattern @clause:crs-fb-key-left
  Scenario: ← on an expanded directory collapses it
    Given the directory "src" is collapsed
    When the user clicks "src"
    And the user presses "right left" in the file browser
    Then the directory "src" shows "▶"
    And the tree does not show "core"

  @clause:crs-fb-treeview-pattern @clause:crs-fb-key-space
  Scenario: Space expands and collapses the focused directory
    Given the directory "src" is collapsed
    When the user clicks "src"
    And the user presses "space" in the file browser
    Then the tree shows "src, core, util, main.py" in this order
    When the user presses "space" in the file browser
    Then the tree does not show "core"

  @clause:crs-fb-treeview-pattern @clause:crs-fb-key-home-end
  Scenario Outline: Home and End go to the first and the last visible entry
    Given the directory "src" is expanded
    When the user clicks "docs"
    And the user presses "<keys>" in the file browser
    Then the workspace path is "<path>"

    Examples:
      | keys          | path     |
      | home enter    | /w/src   |
      | end up enter  | /w/link  |

  @clause:crs-fb-treeview-pattern @clause:crs-fb-key-escape
  Scenario: Escape closes the dialog without choosing
    When the user clicks "docs"
    And the user presses "escape" in the file browser
    Then the file browser dialog is closed
    And no workspace path is set

  @clause:crs-fb-dialog-on-entry @clause:crs-fb-key-escape
  Scenario: After Escape, the button opens the dialog again and a directory can be chosen
    When the user presses "escape" in the file browser
    And the user opens the working-directory dialog
    Then the file browser dialog is open with a tree area and a manual path field
    When the user clicks "docs"
    And the user presses "enter" in the file browser
    Then the workspace path is "/w/docs"

  @clause:crs-fb-dialog-on-entry @clause:crs-fb-confirm-sets-workspace
  Scenario: After a directory is chosen, the button opens the dialog again and a second choice replaces it
    When the user clicks "docs"
    And the user presses "enter" in the file browser
    Then the workspace path is "/w/docs"
    When the user opens the working-directory dialog
    Then the file browser dialog is open with a tree area and a manual path field
    When the user clicks "build"
    And the user presses "enter" in the file browser
    Then the workspace path is "/w/build"

  @clause:crs-fb-treeview-pattern @clause:crs-fb-files-not-selectable
  Scenario: A file takes the focus but Enter does not choose it
    When the user clicks "notes.txt"
    And the user presses "enter" in the file browser
    Then the file browser dialog is still open
    And no workspace path is set
    When the user presses "up enter" in the file browser
    Then the workspace path is "/w/build"
