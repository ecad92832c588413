Feature: The path breadcrumb above the tree
  Above the tree, the dialog shows where it is: the path's segments, separated by `/` on
  a Unix node and `\` on a Windows one, the drive letter first on Windows, a computer icon
  in root mode, and the middle segments elided when the path is too long for the line. A
  click on a segment moves the tree to that level.

  Background:
    Given the RAWP-CRS client is running

  @clause:crs-fb-breadcrumb @clause:crs-fb-breadcrumb-separator
  Scenario: A Unix path's segments are separated by /
    Given the agent serves the "deep" file system
    When the user opens the working-directory dialog
    Then the breadcrumb shows "srv, projects, app, backend" separated by "/"

  @screenshot
  @clause:crs-fb-breadcrumb-separator @clause:crs-fb-breadcrumb-drive
  Scenario: A Windows path starts with its drive, its segments separated by \
    Given the agent serves the "windows" file system
    When the user opens the working-directory dialog
    Then the breadcrumb shows "Users, me, code" separated by "\\"
    And the breadcrumb's first segment is the drive "C:"

  @clause:crs-fb-breadcrumb-click
  Scenario: A click on a segment moves the tree to that level
    Given the agent serves the "deep" file system
    When the user opens the working-directory dialog
    And the user clicks the breadcrumb segment "projects"
    Then a browse call asked for "/srv/projects"
    And the tree shows "app, infra" in this order
    And the breadcrumb shows "srv, projects" separated by "/"

  @clause:crs-fb-breadcrumb-click
  Scenario: A click on a Windows segment browses the path with its drive
    Given the agent serves the "windows" file system
    When the user opens the working-directory dialog
    And the user clicks the breadcrumb segment "Users"
    Then a browse call asked for "C:\\Users"
    And the tree shows "me" in this order

  @clause:crs-fb-breadcrumb-root-icon
  Scenario: In root mode the breadcrumb starts with a computer icon
    Given the agent serves the "workspace" file system
    When the user opens the working-directory dialog
    Then the breadcrumb starts with a computer icon

  @clause:crs-fb-breadcrumb-elision
  Scenario: A path too long for the line keeps its first and last two segments
    # The first segment of a Unix path is its root `/` or, left implied, its first name
    Given the agent serves the "long path" file system
    When the user opens the working-directory dialog
    Then the breadcrumb keeps the first segment, "…" and the last two segments of "/srv/alpha-segment-number-one/beta-segment-number-two/gamma-segment-number-three/delta-segment-number-four/epsilon-segment-number-five/zeta-segment-number-six/eta-segment-number-seven/theta-segment-number-eight/iota-segment-number-nine/kappa-ten/lambda-eleven" on one row
