Feature: No external calls, no persistence
  The screen is self-contained: it calls no network service, and it keeps nothing
  between runs. A new app always starts with an empty conversation.

  @screenshot
  @clause:no-external-calls
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: A conversation makes no network connection
    Given network connections are watched
    And the chat app is running
    When the user submits "네트워크"
    Then no network connection was attempted
    And every item follows the item rules

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
