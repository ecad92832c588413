Feature: Who said what is told by where it is drawn
  A conversation has three actors. The user's messages sit on the right in a bubble of their
  own colour; the agent's output sits on the left, at the full width of the conversation
  area, with no bubble; system notices are centred, muted and without a background of their
  own, and shown in full (002 §2.1-§2.2, 004 §3.1 ¶1).

  Background:
    Given the RAWP-CRS client is running

  @screenshot
  @clause:crs-user-right-aligned
  Scenario: A user message sits against the right edge
    When the user pastes "please refactor the parser" and presses Enter
    Then the user message is drawn against the right edge of the conversation area

  @screenshot
  @clause:crs-user-bubble
  Scenario: A user message is drawn in a bubble of its own background
    When the user pastes "please refactor the parser" and presses Enter
    Then the user message is drawn in a bubble of its own background

  @clause:crs-user-right-aligned @clause:crs-user-bubble
  @part:2
  Scenario Outline: A slash command the user ran is a user message too: on the right, in a bubble
    A user message is natural text or a slash command (002 §2.1); the command bubble of
    004 §3.3 has its own look but keeps the user's place and a bubble of its own background.
    Given the agent publishes these commands:
      | name    | description         | category |
      | compact | Compact the context | session  |
    When the user sends the command text "<command>"
    Then the user message is drawn against the right edge of the conversation area
    And the user message is drawn in a bubble of its own background

    Examples:
      | command                |
      | /compact all           |
      | /compact focus on auth |

  @clause:crs-user-bubble-max-width
  Scenario: A long user message wraps within 70 to 80 % of the conversation's width
    When the user pastes a text of 40 words and presses Enter
    Then the user bubble is between 70 % and 80 % of the conversation area's width

  @clause:crs-user-bubble-max-width @clause:crs-user-right-aligned @clause:crs-agent-full-width
  @clause:crs-system-centred
  Scenario Outline: Items drawn before the terminal is resized follow its new width
    When the user pastes a text of 40 words and presses Enter
    And the agent answers a text of 60 words
    And the agent reports "Turn ended"
    And the terminal is resized to <columns> columns
    Then the user bubble is between 70 % and 80 % of the conversation area's width
    And the user message is drawn against the right edge of the conversation area
    And the agent's answer wraps at the right edge of the conversation area
    And the system notice is centred in the conversation area

    Examples:
      | columns |
      | 150     |
      | 64      |

  @clause:crs-agent-left-aligned
  Scenario: The agent's answer sits at the left
    When the user pastes "go" and presses Enter
    And the agent answers "Short answer."
    Then the agent's answer starts at the left edge of the conversation area

  @clause:crs-agent-left-aligned
  Scenario: Thinking and tool blocks sit at the left too
    The agent's output is text, thinking, tool calls and their results alike (002 §2.1);
    every block of it is placed on the left.
    When the user pastes "go" and presses Enter
    And the agent thinks and runs a tool in a turn of its own
    Then the agent's thinking block starts at the left edge of the conversation area
    And the agent's tool block starts at the left edge of the conversation area

  @clause:crs-agent-full-width
  Scenario: A long agent answer uses the full width
    When the user pastes "go" and presses Enter
    And the agent answers a text of 60 words
    Then the agent's answer wraps at the right edge of the conversation area

  @clause:crs-agent-no-bubble
  Scenario: The agent's answer has no bubble
    When the user pastes "go" and presses Enter
    And the agent answers a text of 30 words
    Then the agent's answer has the conversation area's background

  @clause:crs-system-centred
  Scenario: A system notice is centred
    When the agent reports "Turn cancelled by the user"
    Then the system notice is centred in the conversation area

  @clause:crs-system-no-bubble
  Scenario: A system notice has no bubble and no background of its own
    When the agent reports "Turn cancelled by the user"
    Then the system notice has the conversation area's background

  @screenshot
  @clause:crs-system-muted
  Scenario: A system notice is muted next to the agent's text
    When the user pastes "go" and presses Enter
    And the agent answers "An ordinary answer in normal text."
    And the agent reports "Turn cancelled by the user"
    Then the system notice is drawn with less contrast than the agent's text

  @clause:crs-system-centred @clause:crs-system-no-bubble @clause:crs-system-muted
  Scenario Outline: A <kind> notice is drawn as every system message is
    Stop notices, errors and session events are all system messages (002 §2.1): centred,
    without a background of their own, muted.
    When the user pastes "go" and presses Enter
    And the agent answers "An ordinary answer in normal text."
    And the agent reports the <kind> notice "<text>"
    Then the system notice is centred in the conversation area
    And the system notice has the conversation area's background
    And the system notice is drawn with less contrast than the agent's text

    Examples:
      | kind        | text                         |
      | error       | The tool crashed             |
      | cancelled   | Turn cancelled by the user   |
      | reconnected | Reconnected to the agent     |

  @clause:crs-date-separator
  Scenario: A date separator is muted as a system message is
    002 §2.4: the separator takes the system messages' centred, muted style (its centring
    and its date are checked in timestamps.feature).
    Given the clock reads "2026-03-10 23:58"
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "2026-03-11 00:04"
    And the user sends "and the lexer"
    Then the date separator is drawn with less contrast than the agent's text

  @clause:crs-system-content-complete
  Scenario: A long system notice is shown in full
    When the agent reports "Connection lost while the agent was writing to the file system.\nThe session was restored from the last checkpoint; nothing after it was kept.\nRetry the last prompt to continue."
    Then the whole text of the system notice is on the screen

  @screenshot
  @clause:crs-alignment-tells-actors-apart
  Scenario: Users, agents and the system are placed differently
    When the user pastes "short question" and presses Enter
    And the agent answers "Short answer."
    And the agent reports "Turn ended"
    Then the user, agent and system items have three different horizontal placements
