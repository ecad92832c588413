Feature: The file popup opens on @ and shows the answers to the current query only
  Typing `@` at the start of a line or after whitespace opens a popup right against the
  input. What follows the `@` is sent to the agent as a `control.file.search` with a fresh
  `query_id`; the popup shows a loading indicator until the answer for that `query_id`
  arrives, keeps the previous candidates meanwhile, and ignores answers for any other
  query (late ones, reordered ones, ones never asked). An `@` inside a word (an e-mail
  address, `a.@b`) is text.

  Background:
    Given the RAWP-CRS client is running

  @clause:crs-at-trigger-position @clause:crs-at-popup-latency
  Scenario: An @ in the empty input opens the popup at once
    When the user types "@" in the input
    Then the file popup is open

  # "공백 직후" (004 §3.2, §3.4.1) is read as after any Unicode whitespace, as for blank
  # input (002 §2.5.1): the ideographic space U+3000 a Korean input method types counts.
  @clause:crs-at-trigger-position
  Scenario Outline: An @ after whitespace or at a line start opens the popup
    When the user pastes "<before>" in the input
    And the user types "@" in the input
    Then the file popup is open

    Examples:
      | before     |
      | fix\u0020  |
      | fix\t      |
      | first\n    |
      | fix\u3000  |
      | 수정\u3000 |

  @clause:crs-at-trigger-position
  Scenario: An @ typed at the start of the second line opens the popup
    When the user types "first", presses the newline key and types "@"
    Then the file popup is open

  @clause:crs-at-no-trigger-after-word
  Scenario Outline: An @ after a letter, a digit or a dot is text
    When the user types "<text>" in the input
    Then the file popup is closed
    And the client sent no file search
    And the input holds "<text>" as typed

    Examples:
      | text      |
      | user@host |
      | a.@b      |
      | x9@       |
      | Z@        |

  @clause:crs-at-no-trigger-after-word
  Scenario: An e-mail address typed in one burst opens no popup
    When the user types "mail me@example.com now" in one burst
    Then the file popup is closed
    And the client sent no file search

  @clause:crs-at-popup-overlay
  Scenario: The popup is drawn right against the input
    When the user types "@" in the input
    Then the file popup touches the input and covers none of it

  @clause:crs-at-popup-near-cursor
  Scenario Outline: The popup is next to the input, wherever the cursor's line is
    When the user types "<first>", presses the newline key and types "@"
    Then the file popup touches the input and covers none of it

    Examples:
      | first      |
      | \u0020     |
      | first line |

  @clause:crs-at-popup-keeps-history-visible
  Scenario: The popup leaves the last message of the conversation in view
    Given the user has sent "hello"
    When the user types "@" in the input
    Then the last conversation item is fully visible beside the file popup

  @clause:crs-at-popup-initial-state
  Scenario: Right after @ the popup prompts and shows that it is loading
    When the user types "@" in the input
    Then the file popup shows a prompt with a loading indicator

  @clause:crs-at-popup-initial-state
  Scenario: The recent files a client asked for are shown for the empty query
    When the user types "@" in the input
    And the agent answers any search for the empty query with "src/recent.py, docs/notes.md"
    Then the file popup shows the recent files it asked for

  @clause:crs-at-item-content @clause:crs-at-item-separation @clause:crs-at-path-elision
  Scenario: Each candidate shows its name, then its muted directory
    When the user types "@ma" in the input
    And the agent answers the file search with:
      | path                                                             | match |
      | src/main.py                                                      | 0-2   |
      | docs/manual.md                                                   | 0-2   |
      | very/deep/path/to/some/nested/component/directory/tree/makefile | 0-2   |
    Then each candidate shows its name at the left and its directory muted after it
    And adjacent candidates are separated and the focused one's text is padded in its highlight
    And a shortened directory keeps its end after an ellipsis

  @clause:crs-at-item-icon @clause:crs-at-item-icon-consistent
  Scenario: Icons, if shown, follow one mapping on every candidate
    When the user types "@s" in the input
    And the agent answers the file search with "src/a.py, lib/b.py, docs/c.md, Makefile, web/d.ts"
    Then candidates with the same extension carry the same icon, and every candidate has one if any has

  @clause:crs-at-match-highlight
  Scenario: The matched characters of a name are marked
    When the user types "@mn" in the input
    And the agent answers the file search with:
      | path          | match   |
      | src/main.py   | 0-1 3-4 |
      | lib/menu.py   | 0-1 2-3 |
    Then the matched characters "m..n" of "main.py" are marked and no other
    And the matched characters "m.n" of "menu.py" are marked and no other

  @screenshot
  @clause:crs-at-item-content @clause:crs-at-match-highlight
  Scenario: A Korean name is drawn with its marked characters and its muted directory
    Korean characters are two cells wide: the steps find names and marks by their cells.
    When the user types, as a terminal sends it, "@회의" in the input
    And the agent answers the file search with:
      | path                 | match |
      | 문서/회의록.md       | 0-2   |
      | 기록/주간 회의.md    | 3-5   |
    Then each candidate shows its name at the left and its directory muted after it
    And the matched characters "회의" of "회의록.md" are marked and no other

  @clause:crs-at-item-content @clause:crs-file-names-harmless
  Scenario: Hostile names are drawn as text
    When the user types "@x" in the input
    And the agent answers the file search with:
      | path                     | name                | directory       |
      | x/[b]x[/b].py            | [b]x[/b].py         | x/              |
      | x/evil\u202egnp.exe      | evil\u202egnp.exe   | x/              |
      | x/tab\tand\u001bbell.md  | tab\tand\u001bbell.md | x/            |
      | x/a b\|c>d.txt           | a b\|c>d.txt        | x/[red]dir[/]/  |
    Then the names without control characters are drawn as sent, their markup as typed
    And no control or bidi character of a name is drawn

  @clause:crs-at-item-content
  Scenario: A 4,000-character path leaves the popup usable
    When the user types "@o" in the input
    And the agent answers the file search with "src/ok.py" and a path of 4000 characters
    Then the file popup lists "ok.py"
    When the user presses Enter
    Then the input refers to "src/ok.py" and the file popup is closed

  @clause:crs-at-search-request @clause:crs-at-keys-typing
  Scenario: What follows the @ is searched for, with a new query id each time
    When the user types "@ma" in the input
    Then the client searched for "ma"
    When the user types "in" in the input
    Then the client searched for "main"

  @clause:crs-at-search-debounce
  Scenario: A burst of keys is not one search per key
    When the user types "@abcde" in one burst
    Then the client sent fewer searches than the 6 keys typed, the last for the whole query

  @clause:crs-at-search-debounce
  Scenario: A query is searched 150 to 300 ms after the typing pauses, not while keys follow each other
    Keys 100 ms apart are one burst to a 150-300 ms debounce: none of the queries they make
    in between is searched (the first may be, by a debounce that sends at a burst's start),
    and the whole query goes out once the typing has paused within the window.
    When the user types "@" in the input
    And the user types "main" one key every 100 ms
    Then 140 ms after the last key, only the first key's query may have been searched
    And by 300 ms after the last key, the whole query was searched

  @clause:crs-at-loading-indicator @clause:crs-at-keep-previous-results
  Scenario: While a search is unanswered the popup shows a loading indicator beside the previous results
    When the user types "@m" in the input
    And the agent answers the file search with "src/main.py, src/map.py"
    Then the file popup shows no loading indicator
    When the user types "a" in the input
    Then the file popup shows a loading indicator beside "main.py, map.py"
    When the agent answers the file search with "src/map.py"
    Then the file popup lists "map.py"
    And the file popup shows no loading indicator

  @clause:crs-at-current-query-only
  Scenario: An answer for a query never sent is ignored
    When the user types "@ma" in the input
    And the agent answers the file search with "src/map.py"
    And the agent answers a search it never received with "src/ghost.py"
    Then the file popup lists "map.py"

  @clause:crs-at-stale-results-ignored
  Scenario: A late answer to an earlier query does not replace the current one
    When the user types "@m" in the input
    Then the client searched for "m"
    When the user types "a" in the input
    And the agent answers the file search with "src/map.py"
    And the agent answers the earlier search for "m" with "src/main.py, src/mode.py"
    Then the file popup lists "map.py"

  @clause:crs-at-stale-results-ignored
  Scenario: Answers arriving in reverse order leave the last query's candidates
    When the user types "@m" in the input
    Then the client searched for "m"
    When the user types "a" in the input
    Then the client searched for "ma"
    When the user types "p" in the input
    And the agent answers every search in reverse order
    Then the file popup lists "map.py"

  @clause:crs-at-stale-results-ignored @clause:crs-at-current-query-only
  @clause:crs-at-trigger-position
  Scenario Outline: A late answer from before the popup closed does not replace the next one's (<how>)
    The popup closes and a new `@` opens it again: its search gets a `query_id` never used
    before, and the answer to the closed popup's search, arriving last, is ignored.

    When the user types "@old" in the input
    Then the client searched for "old"
    When <how>
    And the user types "<next>" in the input
    Then the client searched for "new"
    When the agent answers the file search with "src/new.py"
    And the agent answers the earlier search for "old" with "legacy/old.py"
    Then the file popup lists "new.py"

    Examples:
      | how                                       | next        |
      | the user presses Escape in the file popup | \u0020@new  |
      | the user presses Backspace 4 times        | @new        |

  @clause:crs-at-no-match-stays-open @clause:crs-at-no-match-message
  Scenario: When nothing matches the popup says so and stays open for a correction
    When the user types "@zzz" in the input
    And the agent answers the file search with no candidates
    Then the file popup shows a no-match message and no candidate
    When the user presses Backspace
    Then the file popup is open
    And the client searched for "zz"

  @clause:crs-escape-closes-popup @clause:crs-at-keys-escape
  Scenario: Escape during a turn closes the file popup and cancels nothing
    Given the user has sent "hello"
    And the agent has started turn "t1"
    When the user types "@ma" in the input
    And the user presses Escape in the file popup
    Then the file popup is closed
    And Escape in the popup sent no cancel
    When the user presses Escape
    Then the client sent 1 cancel
