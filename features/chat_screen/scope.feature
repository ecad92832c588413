Feature: No external calls, no persistence
  The screen is self-contained: it calls no network service, starts no other program,
  and it keeps nothing between runs. A new app always starts with an empty conversation.
  In every scenario, while the app runs, the harness watches through Python's audit
  hooks: every network call (a connection, a datagram, a DNS lookup), every process
  started and every file written outside the scenario's temporary directory is refused
  and recorded; these scenarios check that there was none.

  @screenshot
  @clause:no-external-calls
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: A conversation makes no network call and starts no process
    Given the chat app is running
    When the user submits "네트워크"
    And the user submits "두 번째"
    Then no network call was made and no process was started
    And every item follows the item rules

  @clause:no-persistence @clause:no-external-calls
  Scenario: A conversation and its quit write no file and call nothing
    Given the chat app is running
    When the user submits "저장하지 마"
    And the user submits "두 번째"
    And the user presses Ctrl+Q to quit
    Then no file was written outside the scenario's temporary directory
    And no network call was made and no process was started

  @clause:no-persistence
  Scenario: A new app starts empty after a previous conversation
    Given the chat app is running
    And the user has submitted "기억하지 마"
    When the app is quit and a new app is started
    Then the message list holds 0 messages
    And the records hold 0 submissions
    And the conversation area shows 0 items

  @clause:no-persistence
  Scenario: A new app starts empty after the previous one was quit with Ctrl+Q
    Given the chat app is running
    And the user has submitted "기억하지 마"
    When the user presses Ctrl+Q to quit
    And a new app is started
    Then the message list holds 0 messages
    And the records hold 0 submissions
    And the conversation area shows 0 items
