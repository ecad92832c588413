Feature: The working-directory dialog and its tree of entries
  Before a session is created, the user picks a node and an agent, then the directory the
  agent will work in. A modal dialog shows the node's file system as a tree: one row per
  entry with its indentation, chevron, icon, name and size; directories expand on a click
  of the chevron or a double click, loading their children lazily when the agent sent none.
  The "workspace" file system holds src (core, util, main.py), docs (not loaded), build
  (empty), notes.txt, a link to a directory and a link to a file. The spec leaves open
  whether the children an answer sent start expanded: a scenario that needs a directory
  collapsed or expanded says so, and that step clicks its chevron only when it differs.

  Background:
    Given the RAWP-CRS client is running
    And the agent serves the "workspace" file system

  @clause:crs-fb-dialog-on-entry
  Scenario: Choosing the working directory opens a modal dialog with its three parts
    Given the agent serves the "deep" file system
    When the user opens the working-directory dialog
    Then the file browser dialog is open with a tree area and a manual path field
    And the breadcrumb shows "srv, projects, app, backend" separated by "/"

  @clause:crs-fb-initial-root-browse
  Scenario: The dialog first browses the root, with no path
    When the user opens the working-directory dialog
    Then the first browse call asks for the root, with no path

  @clause:crs-fb-tree-mirrors-entries
  Scenario: The tree shows the entries and, expanded, their children in the answer's order
    When the user opens the working-directory dialog
    And the directory "src" is collapsed
    Then the tree shows "src, docs, build, notes.txt, link, readme.lnk" in this order
    And the tree does not show "core"
    When the user clicks the chevron of "src"
    Then the tree shows "src, core, util, main.py, docs" in this order

  @clause:crs-fb-entry-layout
  Scenario: A row holds the chevron, the icon, the name and the size from left to right
    When the user opens the working-directory dialog
    And the directory "src" is expanded
    Then the row of "src" holds its chevron, icon and name from left to right
    And the row of "main.py" holds its icon, name and size from left to right

  @clause:crs-fb-indentation
  Scenario: Each level is indented by the same step of two to four cells
    When the user opens the working-directory dialog
    And the directory "src" is expanded
    Then "core" is indented one level under "src"
    And "main.py" is indented one level under "src"
    And "core" under "src" and "main.py" under "src" are indented by the same step

  @clause:crs-fb-chevron
  Scenario: Directories show ▶ or ▼; a file keeps a blank as wide as the chevron
    When the user opens the working-directory dialog
    And the directory "src" is collapsed
    Then the directory "src" shows "▶"
    And the directory "link" shows "▶"
    And the file "notes.txt" has no chevron and its icon lines up with the directory "src"
    And the file "readme.lnk" has no chevron and its icon lines up with the directory "docs"
    When the user clicks the chevron of "src"
    Then the directory "src" shows "▼"

  @clause:crs-fb-icon-by-type
  Scenario: Each entry type has its own icon
    When the user opens the working-directory dialog
    And the directory "build" is collapsed
    Then the icons of "docs, notes.txt, link, readme.lnk" are all different and none is a chevron
    And the icons of "docs" and "build" are the same

  @clause:crs-fb-unreadable-style
  Scenario: An unreadable entry, directory or file, is muted with a lock to the right of its name
    Given the agent serves the "unreadable" file system
    When the user opens the working-directory dialog
    Then "secret" is drawn muted beside "docs"
    And "secret" has a lock icon to the right of its name
    And "keys.pem" is drawn muted beside "notes.md"
    And "keys.pem" has a lock icon to the right of its name

  @clause:crs-fb-file-size
  Scenario: File sizes are human-readable and right-aligned
    When the user opens the working-directory dialog
    Then the size of "notes.txt" reads about 1572864 bytes in human-readable units
    And the size of "readme.lnk" reads about 12 bytes in human-readable units
    And the sizes of "notes.txt" and "readme.lnk" end in the same column at the right

  @clause:crs-fb-hover-feedback
  Scenario: Hovering an entry of any type changes its background
    When the user opens the working-directory dialog
    Then hovering over "docs" changes its row's background
    And hovering over "notes.txt" changes its row's background
    And hovering over "link" changes its row's background
    And hovering over "readme.lnk" changes its row's background

  @clause:crs-fb-selected-style
  Scenario: The selected directory has a left bar and a background of its own
    When the user opens the working-directory dialog
    And the user clicks "docs"
    Then "docs" is drawn selected: a left bar and a background no other row has

  @clause:crs-fb-toggle-by-pointer
  Scenario: A click on the chevron toggles a directory
    When the user opens the working-directory dialog
    And the directory "src" is collapsed
    And the user clicks the chevron of "src"
    Then the tree shows "src, core, util, main.py" in this order
    When the user clicks the chevron of "src"
    Then the tree does not show "core"

  @clause:crs-fb-toggle-by-pointer
  Scenario: A double click on a directory toggles it
    When the user opens the working-directory dialog
    And the directory "src" is collapsed
    And the user double-clicks "src"
    Then the tree shows "src, core, util, main.py" in this order
    When the user double-clicks "src"
    Then the tree does not show "core"

  @clause:crs-fb-lazy-expansion
  Scenario: A directory with loaded children expands at once, one without them is browsed
    When the user opens the working-directory dialog
    And the directory "src" is collapsed
    And the user clicks the chevron of "src"
    Then the tree shows "src, core, util, main.py" in this order
    And no browse call asked for "/w/src"
    When the user clicks the chevron of "docs"
    Then a browse call asked for "/w/docs"
    And the tree shows "docs, guide, api.md, build" in this order

  @clause:crs-fb-expansion-spinner
  Scenario: During a lazy expansion the chevron is a spinner
    When the user opens the working-directory dialog
    And the agent holds back its browse answers
    And the user clicks the chevron of "docs"
    Then the chevron of "docs" is a spinner
    When the agent releases its browse answers
    Then the directory "docs" shows "▼"

  @screenshot
  @clause:crs-fb-expansion-error
  Scenario Outline: A failed expansion restores the chevron and shows an inline error
    When the user opens the working-directory dialog
    And <failure>
    And the user clicks the chevron of "docs"
    Then the directory "docs" shows "▶"
    And an inline error is shown under "docs", above "build"

    Examples:
      | failure                              |
      | browsing fails with "server_error"   |
      | browsing fails with "timeout"        |
      | the directory "/w/docs" is removed   |

  @clause:crs-fb-open-folder-icon @clause:crs-fb-extension-icons
  Scenario: Open-folder and per-extension icons, where used, still tell directories from files
    When the user opens the working-directory dialog
    And the directory "src" is expanded
    Then the icons of "src" and "main.py" differ
    And the icons of "docs" and "main.py" differ
    And the icons of "docs" and "notes.txt" differ

  @clause:crs-fb-hostile-names
  Scenario: Names with markup, control characters, an RTL override or undecodable bytes are drawn safely
    Given the agent serves the "hostile" file system
    When the user opens the working-directory dialog
    Then the tree shows "first, last" in this order
    And the markup name is drawn as typed
    And no cell of the screen holds a control, bidi or undecodable character

  @clause:crs-fb-lazy-expansion
  Scenario: A symlink loop the agent does not mark is followed only as far as the user expands it
    Given the agent serves the "unmarked loop" file system
    When the user opens the working-directory dialog
    And the user clicks the chevron of "ring"
    Then a browse call asked for "/w/ring"
    And the client made 2 browse calls
