Feature: Timestamps only at the turn boundaries and on system notices, in local time
  The user message carries the time its prompt was sent, the end of the agent's turn the
  time session.turn.end arrived, a system notice the time it happened; thinking, tool
  calls, tool results and streamed text carry none. Times are local: the harness fixes
  the client's clock (UTC instants) and runs it in a zone other than UTC. Each event of a
  scenario happens at its own minute, so a time on screen tells which event it stamps.
  Times are read from the conversation area only (a header clock never counts), in any
  locale's form of hours and minutes (14:32, 오후 2:32, 2:32 PM). A time drawn where none
  belongs fails the scenario's no-extra clause (intermediate blocks, only at boundaries); a
  boundary's time not drawn fails its stamp clause (turn start, turn end, system, available).

  Background:
    Given the local time zone is "Asia/Seoul"
    And the RAWP-CRS client is running

  @clause:crs-timestamp-turn-start @clause:crs-timestamp-available
  Scenario: The user message shows the time its prompt was sent
    Given the clock reads "2026-03-10 14:32"
    When the user sends "refactor the parser"
    Then the user message shows the time "14:32" next to its bubble

  @screenshot
  @clause:crs-timestamp-turn-end @clause:crs-timestamp-available
  Scenario: The end of the turn shows the time session.turn.end arrived, below the last block
    Given the clock reads "2026-03-10 14:32"
    And the user has sent "refactor the parser"
    When the clock reads "14:33"
    And the agent starts turn "t1"
    And the clock reads "14:35"
    And the agent is streaming text in turn "t1"
    And the clock reads "14:37"
    And the agent ends turn "t1"
    Then the turn's end shows the time "14:37" below the agent's last block

  @clause:crs-no-timestamp-on-intermediate-blocks @clause:crs-timestamp-only-at-boundaries
  @clause:crs-timestamp-turn-end
  Scenario: Thinking, a tool call, its result and streamed text carry no time of their own
    Given the clock reads "2026-03-10 14:32"
    And the user has sent "refactor the parser"
    When the clock reads "14:33"
    And the agent starts turn "t1"
    And the clock reads "14:34"
    And the agent is thinking in turn "t1"
    And the clock reads "14:35"
    And the agent is calling a tool in turn "t1"
    And the clock reads "14:36"
    And the tool's result arrives in turn "t1"
    And the clock reads "14:38"
    And the agent is streaming text in turn "t1"
    And the clock reads "14:39"
    And the agent ends turn "t1"
    Then the conversation shows exactly the times "14:32, 14:39"
    And the turn's end shows the time "14:39" below the agent's last block

  @clause:crs-timestamp-system @clause:crs-timestamp-only-at-boundaries
  Scenario: A system notice shows the time it happened
    Given the clock reads "2026-03-10 14:32"
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "14:41"
    And the agent reports the system notice "Connection lost; reconnected"
    Then the system notice shows the time "14:41"
    And the conversation shows exactly the times "14:32, 14:32, 14:41"

  @clause:crs-no-timestamp-on-intermediate-blocks @clause:crs-timestamp-available
  Scenario: Deltas for a turn that has ended carry no time
    Given the clock reads "2026-03-10 14:32"
    And the user has sent "refactor the parser"
    And the agent has started turn "t1"
    And the clock reads "14:37"
    And the agent has ended turn "t1"
    When the clock reads "14:38"
    And the agent is streaming text in turn "t1"
    And the agent is thinking in turn "t1"
    Then the conversation shows exactly the times "14:32, 14:37"

  @clause:crs-no-timestamp-on-intermediate-blocks @clause:crs-timestamp-turn-end
  Scenario: 10,000 small deltas carry no time, and the end of the turn one
    Given the clock reads "2026-03-10 14:32"
    And the user has sent "write a long answer"
    And the agent has started turn "t1"
    When the clock reads "14:35"
    And the agent streams 10000 small text deltas in turn "t1"
    And the clock reads "14:39"
    And the agent ends turn "t1"
    Then the conversation shows exactly the times "14:32, 14:39"
    And the turn's end shows the time "14:39" below the agent's last block

  @clause:crs-timestamp-format
  Scenario: A time of the current day shows hours and minutes only
    Given the clock reads "2026-03-10 14:32"
    When the user sends "refactor the parser"
    Then the time "14:32" is shown without a date

  @clause:crs-timestamp-on-demand
  Scenario: Timestamps are there on demand: muted inline, or revealed on hover
    Given the clock reads "2026-03-10 14:32"
    And the user has sent "refactor the parser"
    And the agent has started turn "t1"
    And the clock reads "14:37"
    When the agent is streaming text in turn "t1"
    And the agent ends turn "t1"
    Then every time is there on demand: drawn muted or dim, or only while hovered

  @clause:crs-timestamp-hover-preferred
  Scenario: Times are revealed while the pointer is over what they stamp
    Given the clock reads "2026-03-10 14:32"
    And the user has sent "refactor the parser"
    And the agent has started turn "t1"
    And the clock reads "14:37"
    When the agent is streaming text in turn "t1"
    And the agent ends turn "t1"
    Then the times "14:32" and "14:37" are hidden until the pointer is over the user message and the agent's last block, and drawn while it is

  @clause:crs-date-separator
  Scenario: A date separator stands between turns on different days
    Given the clock reads "2026-03-10 23:58"
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "2026-03-11 00:04"
    And the user sends "and the lexer"
    Then a centred line with the date "2026-03-11" is drawn between the two turns
