Feature: The command popup lists the commands the agent published
  Typing `/` at the start of a line or after whitespace opens a popup right against the
  input, listing the slash commands the agent published (cached from the session's start),
  filtered live by what follows the `/`. A `/` inside a word (a URL, a path) never opens it.

  Background:
    Given the RAWP-CRS client is running
    And the agent publishes these commands:
      | name    | description         | category |
      | compact | Compact the context | session  |
      | config  | Show the settings   | config   |
      | clear   | Clear the screen    | display  |
      | help    | Show the help       |          |

  @clause:crs-slash-popup-opens @clause:crs-commands-cached @clause:crs-slash-popup-latency
  Scenario: A slash in the empty input lists every command from the cache
    When the user types "/" in the input
    Then the command popup lists every published command
    And the client sent no frame and made no call to the agent

  # "공백 직후" (004 §3.2, §3.4.1) is read as after any Unicode whitespace, as for blank
  # input (002 §2.5.1): the ideographic space U+3000 a Korean input method types counts.
  @clause:crs-slash-trigger-position
  Scenario Outline: A slash after whitespace or at the start of a line opens the popup
    When the user pastes "<before>" in the input
    And the user types "/" in the input
    Then the command popup is open

    Examples:
      | before      |
      | fix\u0020   |
      | fix\t       |
      | first\n     |
      | fix\u3000   |
      | 수정\u3000  |

  @clause:crs-slash-trigger-position
  Scenario: A slash typed at the start of the second line opens the popup
    When the user types "first", presses the newline key and types "/"
    Then the command popup is open

  @clause:crs-slash-popup-near-cursor
  Scenario Outline: The popup is drawn next to the input, wherever the cursor's line is
    When the user types "<first>", presses the newline key and types "/"
    Then the command popup is next to the input

    Examples:
      | first      |
      | \u0020     |
      | first line |

  @clause:crs-slash-no-trigger-mid-word
  Scenario Outline: A slash inside a word never opens the popup
    When the user types "<text>" in the input
    Then the command popup is closed

    Examples:
      | text               |
      | https://x          |
      | path/to/file       |
      | and/or             |
      | 읽기/쓰기          |
      | 가/나              |

  @clause:crs-slash-no-trigger-mid-word
  Scenario: A URL typed in one burst or pasted opens no popup
    When the user types "open https://example.com/docs" in one burst
    Then the command popup is closed
    When the user pastes " and path/to/file" in the input
    Then the command popup is closed

  @clause:crs-slash-popup-overlay
  Scenario: The popup is drawn right against the input
    When the user types "/" in the input
    Then the command popup touches the input and covers none of it

  @clause:crs-slash-popup-keeps-history-visible
  Scenario: The popup leaves the last message of the conversation in view
    Given the user has sent "hello"
    When the user types "/" in the input
    Then the last conversation item is still fully visible and not covered

  @screenshot
  @clause:crs-slash-item-content @clause:crs-slash-item-hierarchy @clause:crs-slash-item-category
  Scenario: Each item shows its name, then its muted description
    When the user types "/" in the input
    Then each item shows its name as /name at the left and its description after it
    And each item's name stands out and its description is muted
    And any category marks the items carry group them by category

  @clause:crs-slash-item-separation @clause:crs-slash-item-padding @clause:crs-slash-item-divider-or-zebra
  Scenario: Items are set apart from each other and padded inside their highlight
    When the user types "/" in the input
    Then adjacent items are separated by a row or by their backgrounds
    And a divider row or alternating backgrounds set the items apart
    And the focused item's text keeps a cell from each edge of its highlight

  @clause:crs-slash-filter-prefix @clause:crs-slash-filter-focus-reset
  Scenario: Typing after the slash filters the list by prefix
    When the user types "/co" in the input
    Then the command popup lists exactly the commands starting with "co"
    And the first item of the popup has the highlight

  @clause:crs-slash-filter-prefix
  Scenario: Typing fast after the slash filters as well
    When the user types "/cl" in one burst
    Then the command popup lists exactly the commands starting with "cl"

  @clause:crs-slash-keys-typing
  Scenario: The list follows each key typed while the popup is open
    When the user types "/" in the input
    Then the command popup lists every published command
    When the user types "c" in the input
    Then the command popup lists exactly the commands starting with "c"
    When the user types "om" in the input
    Then the command popup lists exactly the commands starting with "com"

  @clause:crs-slash-filter-focus-reset
  Scenario: The focus goes back to the first item when the list changes
    When the user types "/c" in the input
    And the user presses Down
    And the user types "o" in the input
    Then the first item of the popup has the highlight

  @clause:crs-slash-filter-focus-reset
  Scenario: The highlight goes back to the first item at every key that changes the list
    Not only the first time: after the user moved the highlight again, the next key typed
    puts it back on the first item, even when the highlighted command is still listed.

    When the user types "/" in the input
    And the user presses Down 2 times
    And the user types "c" in the input
    Then the first item of the popup has the highlight
    When the user presses Down 2 times
    And the user types "o" in the input
    Then the first item of the popup has the highlight

  @clause:crs-slash-no-match-stays-open @clause:crs-slash-no-match-message
  Scenario: No match keeps the popup open with a message, so the user can correct
    When the user types "/xyz" in the input
    Then the command popup shows a no-match message and no item
    When the user presses Backspace 3 times
    Then the command popup lists every published command

  @clause:crs-slash-sort-order
  Scenario: Commands used before come first
    Given the user has run the command "help"
    When the user types "/" in the input
    Then the first item of the popup is "help"

  @clause:crs-slash-sort-order
  Scenario: Commands are grouped by category, in name order within a group
    When the agent publishes 30 commands in categories
    And the user types "/cmd01" in the input
    Then the items drawn are grouped by category and in name order within each group

  @clause:crs-commands-refresh @clause:crs-commands-refresh-open-popup @clause:crs-commands-refresh-keeps-state
  Scenario: A refresh while the popup is open keeps the filter, the focus and the input
    When the user types "/c" in the input
    And the user presses Down
    And the user remembers the focused item
    And the agent publishes the list again with "cost, commit" added
    Then the command popup lists exactly the commands starting with "c"
    And the focused item of the popup has the highlight
    And the input holds exactly "/c"

  @clause:crs-commands-refresh-keeps-state
  Scenario Outline: A refresh keeps the highlight on its command, wherever the new ones sort
    The highlight stays with the command, not with its row: commands added above it move it
    down, commands added below it leave it where it was.

    When the user types "/c" in the input
    And the user presses Down
    And the user remembers the focused item
    And the agent publishes the list again with "<added>" added in the category "<category>"
    Then the focused item of the popup has the highlight
    And the input holds exactly "/c"

    Examples:
      | added       | category |
      | cost, cut   | session  |
      | cache, call | config   |
      | cd          | a-first  |

  @clause:crs-commands-refresh
  Scenario: A refreshed list is what the next popup shows
    When the agent publishes the list again with "deploy" added
    And the user types "/d" in the input
    Then the command popup lists exactly the commands starting with "d"

  @clause:crs-commands-refresh
  Scenario: Of two lists published in one burst, the second wins
    When the agent publishes two lists in one burst, the second with "fresh"
    And the user types "/" in the input
    Then the command popup lists every published command
    And the command popup does not list "stale"

  @clause:crs-slash-popup-opens @clause:crs-slash-no-match-stays-open
  Scenario: An empty command list still opens the popup, with the no-match message
    Given the agent publishes an empty command list
    When the user types "/" in the input
    Then the command popup shows a no-match message and no item

  @clause:crs-slash-item-content
  Scenario: Names and descriptions with markup, control, wide and combining characters are drawn as text
    When the agent publishes these commands:
      | name         | description                | category |
      | [bold]x      | [red]not red[/] and [/     | session  |
      | a[/          | ends in [/                 | config   |
      | 배포         | 한국어 설명                | display  |
      | cafe\u0301   | combining accent           |          |
      | bad\u001bname | escape \u001b[31m inside   | session  |
      | tab\tname    | line\nbreak                | session  |
    And the user types "/" in the input
    Then the client is still running and draws no control character
    And the command popup lists every published command
    And each item shows its name as /name at the left and its description after it

  # An oracle (issue 38): lists and prefixes generated by Hypothesis (docs/oracles.md: the
  # bounds, the seed, the sentence). Names mix both cases, Hangul, digits, - and _; the seed
  # is silent on case, so a case-sensitive and a case-insensitive filter both pass.
  @clause:crs-slash-filter-prefix @clause:crs-slash-no-match-stays-open @scenario_timeout:60
  Scenario: Any published list filtered by any prefix shows exactly what the prefix selects
    Then for any published list and any prefix typed, the popup lists what the filter selects
