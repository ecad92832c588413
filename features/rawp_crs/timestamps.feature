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

  A time is local (002 §2.4 ¶11): a message of the local day shows hours and minutes, one of
  an earlier local day its date too; a date separator stands where the local date changes
  (¶10). The local date and the UTC date differ for hours every day in a zone far from UTC:
  in Seoul (UTC+9) before 09:00, in Los Angeles (UTC-7 in March) after 17:00, in Honolulu
  (UTC-10) after 14:00. Each scenario sets the zone and the clock before the client starts,
  so a client that reads its zone once, when it starts, is judged as one that reads it every
  time. Times of reopened turns are read as well as live ones.

  Background:
    Given the local time zone is "Asia/Seoul"

  @clause:crs-timestamp-turn-start @clause:crs-timestamp-available
  Scenario: The user message shows the time its prompt was sent
    Given the clock reads "2026-03-10 14:32"
    And the RAWP-CRS client is running
    When the user sends "refactor the parser"
    Then the user message shows the time "14:32" next to its bubble

  @screenshot
  @clause:crs-timestamp-turn-end @clause:crs-timestamp-available
  Scenario: The end of the turn shows the time session.turn.end arrived, below the last block
    Given the clock reads "2026-03-10 14:32"
    And the RAWP-CRS client is running
    And the user has sent "refactor the parser"
    When the clock reads "14:33"
    And the agent starts turn "t1"
    And the clock reads "14:35"
    And the agent is streaming text in turn "t1"
    And the clock reads "14:37"
    And the agent ends turn "t1"
    Then the turn's end shows the time "14:37" below the agent's last block

  @clause:crs-timestamp-turn-end @clause:crs-timestamp-turn-start
  Scenario: Every turn keeps its own times when the next turn runs
    Given the clock reads "2026-03-10 14:32"
    And the RAWP-CRS client is running
    And the user has sent "refactor the parser"
    When the clock reads "14:33"
    And the agent starts turn "t1"
    And the agent is streaming text in turn "t1"
    And the clock reads "14:35"
    And the agent ends turn "t1"
    And the clock reads "14:40"
    And the user sends "and the lexer"
    And the clock reads "14:41"
    And the agent starts turn "t2"
    And the agent is streaming text in turn "t2"
    And the clock reads "14:45"
    And the agent ends turn "t2"
    Then the conversation shows exactly the times "14:32, 14:35, 14:40, 14:45"

  @clause:crs-no-timestamp-on-intermediate-blocks @clause:crs-timestamp-only-at-boundaries
  @clause:crs-timestamp-turn-end
  Scenario: Thinking, a tool call, its result and streamed text carry no time of their own
    Given the clock reads "2026-03-10 14:32"
    And the RAWP-CRS client is running
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
    And the RAWP-CRS client is running
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "14:41"
    And the agent reports the system notice "Connection lost; reconnected"
    Then the system notice shows the time "14:41"
    And the conversation shows exactly the times "14:32, 14:32, 14:41"

  @clause:crs-no-timestamp-on-intermediate-blocks @clause:crs-timestamp-available
  Scenario: Deltas for a turn that has ended carry no time
    Given the clock reads "2026-03-10 14:32"
    And the RAWP-CRS client is running
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
    And the RAWP-CRS client is running
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
    And the RAWP-CRS client is running
    When the user sends "refactor the parser"
    Then the time "14:32" is shown without a date

  @clause:crs-timestamp-on-demand
  Scenario: Timestamps are there on demand: muted inline, or revealed on hover
    Given the clock reads "2026-03-10 14:32"
    And the RAWP-CRS client is running
    And the user has sent "refactor the parser"
    And the agent has started turn "t1"
    And the clock reads "14:37"
    When the agent is streaming text in turn "t1"
    And the agent ends turn "t1"
    Then every time is there on demand: drawn muted or dim, or only while hovered

  @clause:crs-timestamp-hover-preferred
  Scenario: Times are revealed while the pointer is over what they stamp
    Given the clock reads "2026-03-10 14:32"
    And the RAWP-CRS client is running
    And the user has sent "refactor the parser"
    And the agent has started turn "t1"
    And the clock reads "14:37"
    When the agent is streaming text in turn "t1"
    And the agent ends turn "t1"
    Then the times "14:32" and "14:37" are hidden until the pointer is over the user message and the agent's last block, and drawn while it is

  @clause:crs-date-separator
  Scenario: A date separator stands between turns on different days
    Given the clock reads "2026-03-10 23:58"
    And the RAWP-CRS client is running
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "2026-03-11 00:04"
    And the user sends "and the lexer"
    Then a centred line with the date "2026-03-11" is drawn between the two turns

  @clause:crs-timestamp-local-time
  Scenario Outline: Times are drawn in the local time zone, <zone> at <local> on <day>
    Given the local time zone is "<zone>"
    And the clock reads "<day> <local>"
    And the RAWP-CRS client is running
    When the user sends "refactor the parser"
    Then the user message shows the time "<local>" next to its bubble
    And the conversation shows exactly the times "<local>"

    # UTC is a day behind in Seoul at 08:15, a day ahead in Los Angeles at 17:20 and in
    # Honolulu at 23:50; at 09:01 in Seoul it is just past midnight UTC.
    Examples:
      | zone                | day        | local |
      | Asia/Seoul          | 2026-03-10 | 14:32 |
      | America/New_York    | 2026-03-10 | 09:05 |
      | Asia/Kolkata        | 2026-03-10 | 10:47 |
      | Asia/Seoul          | 2026-03-10 | 08:15 |
      | Asia/Seoul          | 2026-03-10 | 09:01 |
      | America/Los_Angeles | 2026-03-10 | 17:20 |
      | Pacific/Honolulu    | 2026-03-10 | 23:50 |
      | Pacific/Honolulu    | 2026-03-11 | 00:04 |

  @guard:crs-timestamp-format
  Scenario Outline: A time of the local day shows no date, whatever the UTC date, <zone> at <local>
    Given the local time zone is "<zone>"
    And the clock reads "2026-03-10 <local>"
    And the RAWP-CRS client is running
    When the user sends "refactor the parser"
    Then the time "<local>" is shown without a date

    Examples:
      | zone                | local |
      | Asia/Seoul          | 00:04 |
      | Asia/Seoul          | 08:15 |
      | Asia/Seoul          | 09:01 |
      | America/Los_Angeles | 17:20 |
      | Pacific/Honolulu    | 23:50 |

  @clause:crs-timestamp-format
  Scenario Outline: The local day moves on with the clock during a session, <zone>
    The client was started the day before: the message sent after local midnight is of
    the new local day, and shows no date.

    Given the local time zone is "<zone>"
    And the clock reads "2026-03-10 23:58"
    And the RAWP-CRS client is running
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "2026-03-11 00:04"
    And the user sends "and the lexer"
    Then the time "00:04" is shown without a date

    Examples:
      | zone                |
      | Asia/Seoul          |
      | America/Los_Angeles |

  @clause:crs-timestamp-format
  Scenario Outline: A turn that ends after local midnight shows its end as a time of the new day, <zone>
    The end of the turn happened on the new local day, the day the clock reads: it shows
    no date, whatever day the turn started.

    Given the local time zone is "<zone>"
    And the clock reads "2026-03-10 23:58"
    And the RAWP-CRS client is running
    And the user has sent "refactor the parser"
    And the agent has started turn "t1"
    And the agent is streaming text in turn "t1"
    When the clock reads "2026-03-11 00:03"
    And the agent ends turn "t1"
    Then the time "00:03" is shown without a date

    Examples:
      | zone                |
      | Asia/Seoul          |
      | America/Los_Angeles |

  @clause:crs-date-separator
  Scenario Outline: A date separator stands where the local date changes, west of UTC, <zone>
    At local midnight the UTC date stays the same in these zones (it changed hours before).

    Given the local time zone is "<zone>"
    And the clock reads "2026-03-10 23:58"
    And the RAWP-CRS client is running
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "2026-03-11 00:04"
    And the user sends "and the lexer"
    Then a centred line with the date "2026-03-11" is drawn between the two turns

    Examples:
      | zone                |
      | America/Los_Angeles |
      | Pacific/Honolulu    |

  @guard:crs-date-separator
  Scenario Outline: No date separator where only the UTC date changes, <zone> from <before> to <after>
    The separator marks a change of the local date; between these two turns only the UTC
    date changes.

    Given the local time zone is "<zone>"
    And the clock reads "2026-03-10 <before>"
    And the RAWP-CRS client is running
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "2026-03-10 <after>"
    And the user sends "and the lexer"
    Then no date line is drawn between the two turns

    Examples:
      | zone                | before | after |
      | Asia/Seoul          | 08:58  | 09:04 |
      | America/Los_Angeles | 16:58  | 17:04 |

  @clause:crs-date-separator
  Scenario: One change of date gets one separator, however many turns follow it on the new day
    Given the local time zone is "Asia/Seoul"
    And the clock reads "2026-03-10 23:58"
    And the RAWP-CRS client is running
    And a turn "t1" has run to its end for the prompt "refactor the parser"
    When the clock reads "2026-03-11 00:04"
    And a turn "t2" runs to its end for the prompt "and the lexer"
    And the clock reads "2026-03-11 00:10"
    And a turn "t3" runs to its end for the prompt "and the tests"
    Then the conversation shows one date line below its first user message, for "2026-03-11"

  # A reopened conversation is part 4: a client that claims only part 1 is not asked. Each
  # stored turn ends 3 minutes after it was sent; the time read is the second turn's end.
  @part:4 @clause:crs-timestamp-format
  Scenario Outline: A reopened turn of an earlier local day shows its date, <zone> on <now>
    Given the local time zone is "<zone>"
    And the clock reads "<now>"
    And a stored conversation of two turns sent at "<first>" and "<second>"
    When the RAWP-CRS client opens the stored conversation
    Then the time "<end>" is shown with the date "<day>"

    # Seoul at 08:30: yesterday 23:53 is the same UTC date as now. Los Angeles at 16:30:
    # yesterday 17:53 is the same UTC date too. New Year: the earlier day is of last year.
    Examples:
      | zone                | now              | first            | second           | end   | day        |
      | Asia/Seoul          | 2026-03-10 08:30 | 2026-03-09 23:40 | 2026-03-09 23:50 | 23:53 | 2026-03-09 |
      | America/Los_Angeles | 2026-03-10 16:30 | 2026-03-09 17:40 | 2026-03-09 17:50 | 17:53 | 2026-03-09 |
      | Asia/Seoul          | 2026-01-01 00:30 | 2025-12-31 23:40 | 2025-12-31 23:50 | 23:53 | 2025-12-31 |

  @part:4 @guard:crs-timestamp-format
  Scenario Outline: A reopened turn of the local day shows no date, whatever the UTC date, <zone>
    Given the local time zone is "<zone>"
    And the clock reads "<now>"
    And a stored conversation of two turns sent at "<first>" and "<second>"
    When the RAWP-CRS client opens the stored conversation
    Then the time "<end>" is shown without a date

    # The stored turns were sent before midnight UTC, the clock reads after it.
    Examples:
      | zone                | now              | first            | second           | end   |
      | Asia/Seoul          | 2026-03-10 09:30 | 2026-03-10 08:40 | 2026-03-10 08:50 | 08:53 |
      | America/Los_Angeles | 2026-03-10 17:30 | 2026-03-10 16:40 | 2026-03-10 16:50 | 16:53 |

  @part:4 @clause:crs-timestamp-local-time
  Scenario Outline: The times of a reopened conversation are drawn in the local time zone, <zone>
    Given the local time zone is "<zone>"
    And the clock reads "<now>"
    And a stored conversation of two turns sent at "<first>" and "<second>"
    When the RAWP-CRS client opens the stored conversation
    Then the conversation shows exactly the times "<times>"

    Examples:
      | zone             | now              | first            | second           | times                      |
      | Asia/Seoul       | 2026-03-10 09:30 | 2026-03-10 08:40 | 2026-03-10 08:50 | 08:40, 08:43, 08:50, 08:53 |
      | Pacific/Honolulu | 2026-03-10 23:50 | 2026-03-10 22:40 | 2026-03-10 22:50 | 22:40, 22:43, 22:50, 22:53 |
