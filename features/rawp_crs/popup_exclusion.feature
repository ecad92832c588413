Feature: The command popup and the file popup never open together
  While the command popup is open, `@` is part of what is typed for the command and opens
  no file popup; while the file popup is open, `/` separates directories in the query and
  opens no command popup. At no point are both popups drawn.

  Background:
    Given the RAWP-CRS client is running
    And the agent publishes these commands:
      | name    | description         | category |
      | compact | Compact the context | session  |
      | config  | Show the settings   | config   |

  @screenshot
  @clause:crs-at-no-trigger-in-slash-popup
  @part:2
  Scenario: An @ typed right after the / of the command popup opens no file popup
    When the user types "/@" in the input
    Then the command popup is open and the file popup is closed
    And the client sent no file search

  @clause:crs-slash-at-is-argument
  @part:2
  Scenario: An @ typed in the command's text stays in it
    When the user types "/co@x" in the input
    Then the command popup is open and the file popup is closed
    And the input holds "/co@x" as typed
    And the client sent no file search

  @clause:crs-at-slash-is-path
  @part:2
  Scenario: A / in the @ query is a directory separator
    When the user types "@src/ma" in the input
    Then the file popup is open and the command popup is closed
    And the client searched for "src/ma"

  @clause:crs-at-slash-is-path
  @part:2
  Scenario: A / right after the @ is part of the query
    When the user types "@/" in the input
    Then the file popup is open and the command popup is closed
    And the client searched for "/"

  @clause:crs-popups-exclusive
  @part:2
  Scenario Outline: Typing from one popup's word to the other's never shows both
    When the user types "<text>" key by key, watching both popups
    Then the two popups were never drawn together, and each was drawn on its own

    Examples:
      | text              |
      | @src/a /co        |
      | /co @src/a        |
      | /@x/ @/co         |
      | @a/b/c /x@y @z/   |
