Feature: A user bubble renders a small markdown subset and shows the rest as typed
  A person writes markdown in a plain-text input, with no preview. Once sent, the bubble
  renders bold, italic, strikethrough, inline code, line breaks, links and lists; headings,
  fenced code, tables, images, quotes, rules and math are never rendered there, and stay as
  they were typed (004 §3.1, read with §1.4 ¶2).

  Background:
    Given the RAWP-CRS client is running

  @clause:crs-user-text-in-bubble
  Scenario Outline: The typed text is shown inside the bubble
    When the user pastes "<text>" and presses Enter
    Then the user bubble shows "<text>"

    # Korean characters are two cells wide: the steps find text by its cells.
    Examples:
      | text               |
      | hello there, agent |
      | 안녕하세요, 에이전트 |

  @screenshot
  @clause:crs-md-bold
  Scenario: Bold Korean text
    When the user pastes, as a terminal sends it, "아주 **중요한** 부분" and presses Enter
    Then the user bubble shows "중요한" in bold, without "**"

  @clause:crs-md-bold
  Scenario Outline: Bold text
    When the user pastes "a <source> word" and presses Enter
    Then the user bubble shows "strong" in bold, without "<marker>"

    Examples:
      | source     | marker |
      | **strong** | **     |
      | __strong__ | __     |

  @clause:crs-md-italic
  Scenario Outline: Italic text
    When the user pastes "a <source> word" and presses Enter
    Then the user bubble shows "leaning" in italic, without "<marker>"

    Examples:
      | source    | marker |
      | *leaning* | *      |
      | _leaning_ | _      |

  @clause:crs-md-bold-italic
  Scenario: Bold italic text
    When the user pastes "a ***both*** word" and presses Enter
    Then the user bubble shows "both" in bold italic, without "*"

  @clause:crs-md-strikethrough
  Scenario: Struck-through text
    When the user pastes "a ~~gone~~ word" and presses Enter
    Then the user bubble shows "gone" struck through, without "~~"

  @clause:crs-md-inline-code
  Scenario: Inline code has a background of its own
    When the user pastes "run `make test` now" and presses Enter
    Then the user bubble shows "make test" on a background of its own, without "`"

  @clause:crs-md-line-break
  Scenario: A line break stays a line break
    When the user pastes "first line\nsecond line" and presses Enter
    Then the user bubble shows "first line" and, on the next row, "second line"

  @clause:crs-md-link
  Scenario: A link shows its text and links to its target
    When the user pastes "read [the guide](https://example.com/guide) first" and presses Enter
    Then the user bubble shows "the guide" as a link to "https://example.com/guide", without "]("

  @clause:crs-md-autolink
  Scenario: A bare URL becomes a link
    When the user pastes "see https://example.com/docs for more" and presses Enter
    Then the user bubble shows "https://example.com/docs" as a link to itself

  @clause:crs-md-bullet-list
  Scenario Outline: A bulleted list
    When the user pastes "<source>" and presses Enter
    Then the user bubble shows the items "apples" and "pears" on rows of their own, each after a bullet glyph

    Examples:
      | source                |
      | * apples\n* pears     |
      | - apples\n- pears     |

  @clause:crs-md-numbered-list
  Scenario: A numbered list counts its items
    When the user pastes "1. wash\n1. dry" and presses Enter
    Then the user bubble shows the items "wash" and "dry" on rows of their own, each after "1." and "2."

  # A fenced code block (004 §3.1 ¶14 writes ```) is fenced by backticks or by tildes
  # (CommonMark §4.5): both stay as typed, and so does the markdown inside them.
  @clause:crs-md-blocks-not-rendered
  Scenario Outline: Block constructs stay as typed
    When the user pastes "<source>" and presses Enter
    Then the user bubble shows "<source>" as typed, line by line, unstyled

    Examples:
      | source                         |
      | # Heading one                  |
      | ## Heading two                 |
      | ```\nprint(1)\n```             |
      | ```python\nx = 1\n```          |
      | ```\nkeep **these** stars\n``` |
      | ~~~\nprint(1)\n~~~             |
      | ~~~python\nx = 1\n~~~          |
      | ~~~\nkeep **these** stars\n~~~ |
      | \| a \| b \|\n\|---\|---\|\n\| 1 \| 2 \| |
      | ![alt](x.png)                  |
      | look ![a diagram](x.png) here  |
      | > quoted words                 |
      | ---                            |
      | $x^2 + y^2$                    |

  @clause:crs-user-bubble-no-nested-container
  Scenario: A bubble holds no box of its own, whatever it renders
    When the user pastes "run `make test`, read [the guide](https://example.com)\n* one\n* two" and presses Enter
    Then the user bubble holds no container of its own

  @clause:crs-input-plain-text
  Scenario: The input is plain text: markdown stays as typed
    When the user types "**bold** and `code`" without sending it
    Then the input shows "**bold** and `code`" as typed, with no cell styled

  @clause:crs-input-no-rich-preview
  Scenario: No formatted preview while typing
    When the user types "**loud** ~~quiet~~ *soft*" without sending it
    Then no cell on the screen draws "loud" with a style
    And no cell on the screen draws "quiet" with a style
    And no cell on the screen draws "soft" with a style

  # A URL is what GFM's autolink extension takes for one: a scheme (https://, mailto:) or
  # www., or an e-mail address; a file name is not, though .py, .sh and .md are top-level
  # domains (design §9, decision 13).
  @guard:crs-md-autolink
  Scenario Outline: A file name in the text is not a URL and stays plain
    When the user pastes "<text>" and presses Enter
    Then the user bubble shows "<name>" as plain text, not a link

    Examples:
      | text                      | name      |
      | edit main.py and setup.sh | main.py   |
      | edit main.py and setup.sh | setup.sh  |
      | see README.md first       | README.md |
