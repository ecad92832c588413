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

  @clause:crs-fb-breadcrumb-separator @clause:crs-fb-breadcrumb-drive
  Scenario Outline: A Windows path spelled <spelling> has its drive first and \ between its segments
    The separator follows the node's os_type, whatever separators the agent's path was
    spelled with; the drive letter may be drawn in either case (Windows ignores it).
    Given the agent serves a windows node whose tree is at "<path>"
    When the user opens the working-directory dialog
    Then the breadcrumb shows the drive "<drive>" first, then "<segments>", separated by "\\"

    Examples:
      | spelling                      | path                     | drive | segments             |
      | with backslashes              | D:\\\\Work\\\\repo\\\\src      | D:    | Work, repo, src      |
      | with a lower-case drive       | d:\\\\Work\\\\repo             | d:    | Work, repo           |
      | with forward slashes          | C:/Users/me/code         | C:    | Users, me, code      |
      | with both separators          | C:\\\\Users/me\\\\code         | C:    | Users, me, code      |
      | with a trailing separator     | C:\\\\Users\\\\me\\\\code\\\\      | C:    | Users, me, code      |
      | as a drive root               | E:\\\\                      | E:    |                      |

  @clause:crs-fb-breadcrumb @clause:crs-fb-breadcrumb-separator
  Scenario Outline: A path of <names> names shows each of them whole, / between them
    Given the agent serves a unix node whose tree is at "<path>"
    When the user opens the working-directory dialog
    Then the breadcrumb shows "<segments>" separated by "/"

    Examples:
      | names                 | path                          | segments                      |
      | Korean                | /srv/프로젝트/백엔드          | srv, 프로젝트, 백엔드         |
      | full-width            | /srv/ｄａｔａ/ログ            | srv, ｄａｔａ, ログ           |
      | combining-mark        | /srv/cafe\u0301/re\u0301sume\u0301 | srv, cafe\u0301, re\u0301sume\u0301 |
      | emoji                 | /srv/👩‍💻/📁docs              | srv, 👩‍💻, 📁docs               |

  @clause:crs-fb-breadcrumb-elision
  Scenario: A path of wide names too long for the line is elided by the cells it takes
    A Korean name takes two cells a character: the path is too long for the line although
    it has fewer characters than the line has cells.
    Given the agent serves a unix node whose tree is at "/데이터저장소모/프로젝트관리폴/백엔드서버설정/테스트데이터모/배포버전기록보/문서자료최종정"
    When the user opens the working-directory dialog
    Then the breadcrumb keeps the first segment, "…" and the last two segments of "/데이터저장소모/프로젝트관리폴/백엔드서버설정/테스트데이터모/배포버전기록보/문서자료최종정" on one row

  @clause:crs-fb-breadcrumb-click
  Scenario: A click on a Korean segment moves the tree to that level
    Given the agent serves a unix node whose tree is at "/srv/프로젝트/백엔드"
    When the user opens the working-directory dialog
    And the user clicks the breadcrumb segment "프로젝트"
    Then a browse call asked for "/srv/프로젝트"

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
