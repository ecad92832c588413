Feature: Enter sends the message; a newline key adds a line; blank input is never sent
  A person writes a prompt in a multi-line input. Enter sends it to the agent as one
  prompt request; Shift+Enter (or the client's declared second newline key, for terminals
  that cannot report Shift+Enter) adds a line break instead; a blank input is never sent.

  Background:
    Given the RAWP-CRS client is running

  @screenshot
  @clause:crs-enter-sends
  Scenario: Enter sends the typed text as one prompt request
    When the user types "refactor the parser" and presses Enter
    Then the client sent 1 prompt
    And prompt 1 has the text "refactor the parser"
    And the input is empty

  @clause:crs-enter-sends
  Scenario: Prompts typed in one burst are sent whole and in order
    When the user types "first" Enter "second" Enter in one burst
    Then the client sent 2 prompts
    And prompt 1 has the text "first"
    And prompt 2 has the text "second"

  @clause:crs-typed-keys-in-order @clause:crs-enter-sends
  Scenario Outline: Editing keys typed in a burst act where they were typed
    A fast typist's terminal delivers keys in bursts; an editing key (an arrow, Home,
    Backspace) acts before the characters typed after it, so the prompt sent is the one typed.
    When the user types "<text>", presses <keys> and types "<more>" in one burst
    And the user presses Enter
    Then the client sent 1 prompt
    And prompt 1 has the text "<sent>"

    Examples:
      | text | keys                | more | sent   |
      | abc  | left+left           | B    | aBbc   |
      | abcd | backspace+backspace | X    | abX    |
      | abc  | home                | X    | Xabc   |
      | abc  | left+left+delete    | X    | aXc    |

  @clause:crs-shift-enter-newline
  Scenario Outline: A newline key adds a line break and sends nothing
    When the user types "line one", presses the newline key <which> and types "line two"
    Then the client sent 0 prompts
    And the input holds "line one\nline two"
    When the user presses Enter
    Then the client sent 1 prompt
    And prompt 1 has the text "line one\nline two"

    Examples:
      | which  |
      | first  |
      | second |

  # "공백만 포함" (002 §2.5.1 ¶3) is read as Unicode whitespace (the White_Space property,
  # what Python's str.strip and JavaScript's trim remove): the ideographic space a Korean
  # input method types, the no-break and em spaces, tabs and line breaks, mixed. A
  # zero-width space is not White_Space: a client may send it or not, so no row holds it.
  @clause:crs-blank-not-sent
  Scenario Outline: A blank input is never sent
    When the user pastes "<value>" and presses Enter
    Then the client sent 0 prompts
    And the conversation shows no user message

    Examples:
      | value          |
      | \u0020\u0020   |
      | \t             |
      | \n\n           |
      | \u3000\u3000   |
      | \u00a0         |
      | \u2003\u2003   |
      | \t\u3000\n\u0020 |
