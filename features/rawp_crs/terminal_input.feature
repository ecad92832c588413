Feature: What the terminal sends reaches the input as the person typed or pasted it
  In a real terminal the client reads bytes, and its terminal input parser turns them into
  keys and pastes. A paste is text: whatever it holds (escape sequences of coloured log
  output, a BEL, a Ctrl+Q byte, a line break) lands in the input whole and in order, and
  acts as no key: it sends nothing, cancels nothing and quits nothing, and what the input
  held before it stays. An escape sequence in the input is drawn visibly, never sent raw to
  the terminal. Typed text reaches the sent prompt code point for code point: a zero-width
  joiner inside an emoji and a bidi control are kept. The line-break keys work in the
  encodings terminals send for them: Ctrl+J is a line feed in every terminal, and
  Shift+Enter is CSI 13;2 u in the kitty keyboard protocol, which Textual asks terminals
  for (xterm's modifyOtherKeys form, CSI 27;2;13 ~, is sent only to an application that
  asks for it, and Textual does not).

  These steps send the bytes through the client's own terminal input parser ("as a
  terminal sends it"); values use \xNN escapes for the bytes. The seeds say nothing of what
  a terminal's parser or an input widget may do with bytes, so these rules are the
  harness's own, at HARDENING (`crs-typed-text-kept`); the line-break keys are 002 §2.5.1's.

  Background:
    Given the RAWP-CRS client is running

  @clause:crs-typed-text-kept
  Scenario Outline: A paste holding <kind> lands in the input whole and in order
    When the user pastes, as a terminal sends it, "<text>"
    Then the client has not quit
    And the client sent 0 prompts
    And the input holds exactly "<text>"
    And the input draws "<shown>" and no raw control character

    Examples:
      | kind                          | text                                          | shown        |
      | a key's escape sequence       | AAA\x1b[5~BBB                                 | [5~BBB       |
      | coloured log output           | \x1b[31mERROR\x1b[0m disk full                | [0m disk     |
      | BEL bytes                     | ding\x07dong\x07                              | dong         |
      | a log line break and colours  | \x1b[32mok\x1b[0m one\nnext \x1b[1mtwo\x1b[0m | [1mtwo       |

  @screenshot:2
  @clause:crs-typed-text-kept
  Scenario: A paste holding escape sequences and a Ctrl+Q byte keeps the draft before it
    Given the user has typed, as a terminal sends it, "draft: "
    When the user pastes, as a terminal sends it, "ls \x1b[0m\x11 rest"
    Then the client has not quit
    And the client sent 0 prompts
    And the input holds exactly "draft: ls \x1b[0m\x11 rest"
    And the input draws "[0m" and no raw control character
    When the user presses Enter
    Then the prompt the agent received is "draft: ls \x1b[0m\x11 rest"

  @clause:crs-typed-text-kept
  Scenario: A paste holding ESC bytes while the agent streams cancels nothing
    Given the user has sent "explain the parser"
    And the agent has started turn "t1"
    And the agent is streaming text in turn "t1"
    When the user pastes, as a terminal sends it, "log \x1b\x1b[0m end\x1b"
    Then the client has not quit
    And the client sent 0 cancels
    And the input holds exactly "log \x1b\x1b[0m end\x1b"

  @clause:crs-typed-text-kept
  Scenario Outline: Typed <kind> reaches the sent prompt unchanged
    When the user types, as a terminal sends it, "<text>" and presses Enter
    Then the prompt the agent received is "<text>"

    Examples:
      | kind                                 | text                           |
      | a zero-width joiner and a bidi control | dev 👩‍💻 x\u202ey              |
      | combining marks and a flag           | cafe\u0301 🏳️‍🌈 n\u0303          |
      | a zero-width space and a word joiner | a\u200bb\u2060c                |

  @clause:crs-shift-enter-newline
  Scenario Outline: <key> sent as a terminal sends it breaks the line and sends nothing
    When the user types, as a terminal sends it, "line one", <key> and "line two" in one go
    Then the client sent 0 prompts
    And the input holds exactly "line one\nline two"

    Examples:
      | key                                   |
      | Ctrl+J                                |
      | Shift+Enter (kitty keyboard protocol) |

  # Found by the exploration (docs/exploration.md): a parser that fed an empty read to
  # Textual's key parser ended its input, and the next read raised ParseError, which stops
  # a real terminal's driver.
  @clause:crs-typed-text-kept @clause:crs-escape-idle-does-nothing
  Scenario: Escape read alone, as a terminal sends it, leaves the terminal input working
    When the user types, as a terminal sends it, "\x1b"
    And the user types, as a terminal sends it, "다음"
    Then the input holds exactly "다음"
    And the client has not quit
