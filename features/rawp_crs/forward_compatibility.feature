Feature: Events, markdown and output types the client does not know never break it
  An agent may be newer than its client. Events of types the client does not know are
  ignored without a trace and lose nothing around them; a tool result of an unknown output
  type is still shown, verbatim; markdown the renderer does not support, and markup or
  control characters in agent text, are shown as the characters they are (004 §1.4).

  Background:
    Given the RAWP-CRS client is running

  @clause:crs-ignore-unknown-events
  Scenario Outline: An event of an unknown type between known ones is ignored and loses nothing
    When the user pastes "go" and presses Enter
    And the agent streams "before the event ", an event of the unknown type "<type>", then "after the event"
    Then the client is still running
    And the agent's answer reads in full
    And nothing is shown for the unknown event

    Examples:
      | type                     |
      | agent.reasoning.summary  |
      | tool.invoke.progress     |
      | session.presence.changed |

  # Each kind of text a verbatim block must survive: markdown, brackets as in code
  # (`list[int]`, an unclosed `[/`), and console markup (Rich/Textual `[bold]`, `[/]`, links)
  # that a client parsing the output as markup would style, swallow or crash on.
  # "Ignored silently" (004 §1.4): the drawn result is the same as without the event, so the
  # turn that carried it is compared with the same text streamed without it, row for row.
  @clause:crs-ignore-unknown-events
  Scenario Outline: An unknown event in the middle of a text changes nothing drawn
    When the user pastes "go" and presses Enter
    And the agent streams "before the event ", an event of the unknown type "<type>", then "after the event"
    And the user pastes "again" and presses Enter
    And the agent streams "before the event " then "after the event"
    Then the answer with the unknown event is drawn as the answer without it

    Examples:
      | type                     |
      | agent.reasoning.summary  |
      | session.presence.changed |

  @screenshot
  @clause:crs-unknown-output-type-monospace
  Scenario Outline: A tool result of an unknown output type is shown verbatim, never dropped
    When the user pastes "go" and presses Enter
    And the agent runs a tool whose result of type "x.hologram" is "<output>"
    Then the client is still running
    And each line of the tool result is shown verbatim on a row of its own

    Examples:
      | output                                           |
      | **not bold**\n  two  spaces\n# not a heading     |
      | def f() -> list[int]:\n    return [1, 2]         |
      | a [/ b                                           |
      | [bold]x[/bold] and [red]y[/]                     |
      | [link=https://example.com]z[/link]               |

  @clause:crs-markdown-unknown-literal
  Scenario Outline: Markdown the renderer does not support is shown as its source
    When the user pastes "go" and presses Enter
    And the agent answers "see <syntax> here"
    Then the agent's answer shows "<syntax>" as written

    Examples:
      | syntax     |
      | ==marked== |
      | :::note    |
      | [bold]x[/] |

  @clause:crs-markdown-html-not-hidden
  Scenario Outline: Raw HTML in agent text is shown as its source, never hidden
    When the user pastes "go" and presses Enter
    And the agent answers "see <html> here"
    Then the agent's answer shows "<html>" as written

    Examples:
      | html          |
      | <b>raw</b>    |
      | <!-- note --> |

  @clause:crs-markdown-unknown-literal
  Scenario: Control characters in agent text never clear or break the screen
    When the user pastes "go" and presses Enter
    And the agent answers "one \u001b[2J two \u0007 three"
    Then the client is still running
    And the agent's answer shows "three" as written
    And the user bubble shows "go"
