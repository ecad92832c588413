Feature: A reopened conversation shows its last N turns; older turns load on request
  A stored conversation can be long. When it is reopened the client loads and draws only
  its latest N turns (10 unless the user sets another number, between 1 and 100), and shows
  a trigger at the top while older turns exist: a button, or loading when the user scrolls
  to the top, with a spinner while it loads. Each request adds N turns above without moving
  what the user is looking at; when everything is loaded the trigger goes away; a failed
  load shows an error and a way to retry (002 §2.6).

  @clause:crs-lazy-loading @clause:crs-initial-turns @clause:crs-initial-turns-default
  Scenario: A reopened conversation of 25 turns shows its last 10
    Given a stored conversation of 25 turns
    When the RAWP-CRS client opens the stored conversation
    Then the client asked for the latest 10 turns only
    And the conversation shows stored turns 16 to 25, each answered whole

  # With N = 1 the latest turn is shorter than the viewport: nothing more may load by itself.
  @clause:crs-initial-turns-configurable @clause:crs-initial-turns @clause:crs-lazy-loading
  Scenario Outline: The user sets the number of turns a reopened conversation shows
    Given a stored conversation of 25 turns
    And the user has set the number of turns to <n> in the client's settings
    When the RAWP-CRS client opens the stored conversation
    Then the client asked for the latest <n> turns only
    And the conversation shows stored turns <first> to 25, each answered whole

    Examples:
      | n  | first |
      | 3  | 23    |
      | 1  | 25    |
      | 25 | 1     |

  @clause:crs-initial-turns-bounds
  Scenario Outline: The number of turns stays between 1 and 100
    Given the RAWP-CRS client is running
    Then setting the number of turns to <n> is refused or kept within 1 to 100

    Examples:
      | n   |
      | 0   |
      | -5  |
      | 101 |
      | 500 |

  @screenshot
  @clause:crs-load-older-trigger
  Scenario: Older turns are announced by a trigger at the top
    Given a stored conversation of 25 turns
    When the RAWP-CRS client opens the stored conversation
    Then a load-older trigger is at the top of the conversation

  @clause:crs-load-older-trigger @clause:crs-load-older-exhausted
  Scenario: A conversation shorter than N has no trigger
    Given a stored conversation of 6 turns
    When the RAWP-CRS client opens the stored conversation
    Then the conversation shows stored turns 1 to 6, each answered whole
    And no load-older trigger is shown

  @clause:crs-load-older-trigger-forms @clause:crs-load-older-batch @clause:crs-load-older-both-forms
  Scenario: Each form of the trigger loads the previous N turns, or what remains
    Given a stored conversation of 25 turns
    And the user has set the number of turns to 4 in the client's settings
    When the RAWP-CRS client opens the stored conversation
    Then each declared form of the trigger loads the previous page

  @clause:crs-load-older-keeps-position
  Scenario: Older turns go above the view without moving it
    Given a stored conversation of 40 turns
    And the user has set the number of turns to 5 in the client's settings
    When the RAWP-CRS client opens the stored conversation
    Then with each declared form the first visible item keeps its row while older turns arrive

  @clause:crs-load-older-keeps-position @clause:crs-load-older-exhausted
  Scenario: The last older page goes above the view without moving it, though the trigger goes
    Taking the trigger away above the view is a change of its own: the view must not
    move for it either.
    Given a stored conversation of 8 turns
    And the user has set the number of turns to 5 in the client's settings
    When the RAWP-CRS client opens the stored conversation
    Then with the first declared form the first visible item keeps its row while the last older turns arrive

  @clause:crs-load-older-spinner
  Scenario: The scroll form shows a spinner while older turns load
    Given a stored conversation of 25 turns
    When the RAWP-CRS client opens the stored conversation
    Then while the scroll form loads, a spinner is drawn at the top until the page arrives

  @clause:crs-load-older-exhausted @clause:crs-load-older-remaining
  Scenario: Once everything is loaded the trigger is gone
    Given a stored conversation of 23 turns
    When the RAWP-CRS client opens the stored conversation
    And the user asks for older turns until everything is loaded
    Then the conversation shows every one of the 23 stored turns once, in order
    And no load-older trigger is shown
    And asking for older turns again requests nothing

  @clause:crs-load-older-exhausted
  Scenario: The trigger goes with the last page, also when that page is a full one
    The history says how many older turns remain; a client that waits for a short page
    keeps a trigger that has nothing left to load.
    Given a stored conversation of 20 turns
    When the RAWP-CRS client opens the stored conversation
    And the user asks for older turns
    Then the conversation shows every one of the 20 stored turns once, in order
    And no load-older trigger is shown

  @clause:crs-load-older-failure-retry
  Scenario: A failed load shows an error and a retry that works
    Given a stored conversation of 25 turns
    When the RAWP-CRS client opens the stored conversation
    And the history fails
    And the user asks for older turns
    Then an error is shown with a way to retry
    When the history works again
    And the user retries
    Then the conversation shows stored turns 6 to 25, each answered whole

  @clause:crs-load-older-failure-retry
  Scenario: A history that fails every time keeps offering a retry
    Given a stored conversation of 25 turns
    And the history fails
    When the RAWP-CRS client opens the stored conversation
    Then an error is shown with a way to retry
    When the user retries
    And the user retries
    Then an error is shown with a way to retry
    And the client made 3 history calls
    When the history works again
    And the user retries
    Then the conversation shows stored turns 16 to 25, each answered whole

  @clause:crs-initial-turns
  Scenario: A late first page goes above what the session drew meanwhile
    Given a stored conversation of 25 turns
    And the history is held back
    When the RAWP-CRS client opens the stored conversation
    And the user types "live message" and presses Enter
    And the history answers
    Then the user messages are stored turns 16 to 25 and then "live message"

  @clause:crs-load-older-batch
  Scenario: Asking twice before the answer loads each turn once
    Given a stored conversation of 25 turns
    When the RAWP-CRS client opens the stored conversation
    And the user asks for older turns twice in a row
    Then the conversation shows stored turns 6 to 25, each answered whole

  @clause:crs-lazy-loading
  Scenario: A conversation of 10,000 turns opens with its last 10
    Given a stored conversation of 10000 turns
    When the RAWP-CRS client opens the stored conversation
    Then the client asked for the latest 10 turns only
    And the conversation shows stored turns 9991 to 10000, each answered whole
    And a load-older trigger is at the top of the conversation

  @clause:crs-initial-turns
  Scenario: A stored turn of 1 MB is drawn whole with its neighbours
    Given a stored conversation of 3 turns whose turn 2 answers 1 MB
    When the RAWP-CRS client opens the stored conversation
    Then the huge stored answer is drawn to its end

  # 002 §2.4 asks for a date separator wherever the conversation crosses a date: turns
  # drawn from the store cross dates as live ones do. The clock reads 2026-03-10 14:32 in
  # Seoul; the stored turns were sent on earlier days, one a day after the other (each
  # ends 3 minutes after it was sent). Their times are read too: of an earlier day, they
  # carry the date (002 §2.4 ¶11).
  @part:4 @clause:crs-date-separator @clause:crs-timestamp-format
  Scenario: Reopened turns of different days have a date separator between them
    Given the local time zone is "Asia/Seoul"
    And a stored conversation of two turns sent at "2026-03-08 22:10" and "2026-03-09 09:05"
    When the RAWP-CRS client opens the stored conversation
    Then a centred line with the date "2026-03-09" is drawn between the two turns
    And the time "22:13" is shown with the date "2026-03-08"
    And the time "09:05" is shown with the date "2026-03-09"

  @part:4 @clause:crs-date-separator
  Scenario: A turn sent today after a reopened turn of an earlier day follows a date separator
    Given the local time zone is "Asia/Seoul"
    And a stored conversation of two turns sent at "2026-03-09 21:10" and "2026-03-09 23:05"
    When the RAWP-CRS client opens the stored conversation
    And the user sends "and today?"
    Then a centred line with the date "2026-03-10" is drawn between the two turns

  # The day changes exactly at the join of two pages (issue 38): with N = 1 the first page
  # is the second turn alone, and the first turn arrives when the user asks for older turns.
  # The separator must stand between them as it does inside one page.
  @part:4 @clause:crs-date-separator
  Scenario: A date separator stands where the day changes at the join of a loaded older page
    Given the local time zone is "Asia/Seoul"
    And a stored conversation of two turns sent at "2026-03-08 22:10" and "2026-03-09 09:05"
    And the user has set the number of turns to 1 in the client's settings
    When the RAWP-CRS client opens the stored conversation
    And the user asks for older turns
    Then a centred line with the date "2026-03-09" is drawn between the two turns
