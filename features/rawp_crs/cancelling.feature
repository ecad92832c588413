Feature: Escape cancels the agent's running turn, and does nothing while the agent is idle
  While a turn is in progress (the agent thinking, calling a tool or streaming text), Escape
  sends one control.prompt.cancel. Between sending the prompt and the agent's
  session.turn.start the seeds contradict each other (catalogue decision of
  crs-escape-cancels-turn): a cancel at once, one deferred until the turn starts, and none
  are all accepted, two cancels or a cancel after the turn ended are not. While the agent is
  idle, before any prompt or after the turn ended, Escape sends nothing and the client
  carries on. What the client shows after a cancel is §5.2's user-stop feedback, a section
  we do not hold (the agent ends a cancelled turn with session.turn.end).

  Background:
    Given the RAWP-CRS client is running

  @clause:crs-escape-cancels-turn @clause:crs-escape-cancel-states
  Scenario Outline: Escape cancels the turn while the agent is <state>
    Given the user has sent "explain the parser"
    And the agent has started turn "t1"
    And the agent is <state> in turn "t1"
    When the user presses Escape
    Then the client sent 1 cancel
    And the cancel names turn "t1" or no turn

    Examples:
      | state          |
      | thinking       |
      | calling a tool |
      | streaming text |

  @screenshot
  @clause:crs-escape-cancels-turn @clause:crs-system-content-complete
  Scenario: A cancelled turn ends with the agent's stop notice, shown in full
    Given the user has sent "explain the parser"
    And the agent has started turn "t1"
    And the agent is streaming text in turn "t1"
    When the user presses Escape
    Then the client sent 1 cancel
    When the agent ends turn "t1" as cancelled, with the notice "응답이 중지되었습니다 (cancelled)"
    Then the whole text of the system notice is on the screen

  @clause:crs-escape-cancels-turn @clause:crs-escape-idle-does-nothing
  Scenario: Escape before the agent starts the turn: a cancel at once, one when it starts, or none
    Given the user has sent "explain the parser"
    When the user presses Escape
    And the agent starts turn "t1"
    And the agent is streaming text in turn "t1"
    And the agent ends turn "t1"
    Then the client sent at most 1 cancel, naming turn "t1" or no turn, before the turn ended

  @clause:crs-escape-idle-does-nothing
  Scenario: Escape before any prompt does nothing
    When the user presses Escape
    Then the client sent 0 cancels
    And the client is still running and the input takes a new message

  @clause:crs-escape-idle-does-nothing
  Scenario: Escape after the turn ended does nothing
    Given a turn "t1" has run to its end for the prompt "refactor the parser"
    When the user presses Escape
    Then the client sent 0 cancels
    And the client is still running and the input takes a new message

  @clause:crs-escape-idle-does-nothing
  Scenario: Escape after a tool turn ended does nothing
    Given the user has sent "explain the parser"
    And the agent has started turn "t1"
    When the agent thinks, calls a tool and streams text in turn "t1"
    And the agent ends turn "t1"
    And the user presses Escape
    Then the client sent 0 cancels

  @clause:crs-escape-cancel-states
  Scenario: Escape cancels a turn that never ends, after 10,000 small deltas
    Given the user has sent "write a long answer"
    And the agent has started turn "t1"
    When the agent streams 10000 small text deltas in turn "t1"
    Then the conversation ends with the last 10000 deltas in order
    When the user presses Escape
    Then the client sent 1 cancel

  @clause:crs-escape-cancel-states
  Scenario: Escape cancels a turn streaming a 1 MB text delta
    Given the user has sent "write a huge answer"
    And the agent has started turn "t1"
    When the agent streams one text delta of 1000000 characters in turn "t1"
    Then the conversation ends with the huge delta's last line
    When the user presses Escape
    Then the client sent 1 cancel

  @clause:crs-escape-cancels-turn
  Scenario Outline: Escape cancels the <nth> turn too, after the command popup was used in between
    The rule holds for every turn, not only the first: each earlier turn was cancelled with
    Escape and ended, then the command popup was opened with `/` and closed with Escape.

    Given the user has cancelled <earlier> earlier turns with Escape, opening and closing the command popup after each
    And the user has sent "explain the parser"
    And the agent has started turn "t9"
    And the agent is streaming text in turn "t9"
    When the user presses Escape
    Then the client sent <cancels> cancels
    And the cancel names turn "t9" or no turn

    Examples:
      | nth    | earlier | cancels |
      | second | 1       | 2       |
      | third  | 2       | 3       |

  # A second prompt sent while the first turn runs (issue 38): sent at once or held until the
  # first turn ends (decision audit row 22), the second turn is a turn in progress all the
  # same, and Escape during it cancels it.
  @clause:crs-escape-cancels-turn
  Scenario: Escape cancels the second turn, queued behind the first
    Given the user has sent "explain the parser"
    And the agent has started turn "t1"
    And the agent is streaming text in turn "t1"
    When the user sends "and the lexer" while turn "t1" runs
    And the agent ends turn "t1"
    And the agent starts turn "t2" for prompt 2 and streams text
    And the user presses Escape
    Then the client sent 1 cancel
    And the cancel names turn "t2" or no turn

  @clause:crs-escape-cancels-turn
  Scenario Outline: Escape cancels the turn with the focus <where>
    The rule is the client's, not the input's: Escape cancels the running turn wherever the
    keyboard focus is.

    Given the user has sent "clean up the repository"
    And the agent has started turn "t1"
    And the agent is streaming text in turn "t1"
    When <moved>
    And the user presses Escape
    Then the client sent 1 cancel
    And the cancel names turn "t1" or no turn

    Examples:
      | where                                    | moved                            |
      | on the conversation, after a click on it | the user clicks the conversation |

  # An interaction request is part 4: a client that claims only part 1 is not asked.
  @part:4 @clause:crs-escape-cancels-turn
  Scenario: Escape cancels the turn with the focus where a Yes/No request answered with a key left it
    Given the user has sent "clean up the repository"
    And the agent has started turn "t1"
    And the agent is streaming text in turn "t1"
    When the agent asks a Yes/No question in turn "t1" and the user answers "y"
    And the user presses Escape
    Then the client sent 1 cancel
    And the cancel names turn "t1" or no turn
