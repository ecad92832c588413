Feature: Each valid submission adds a user message, then an agent response
  A person types into the input and presses Enter. The screen keeps an in-memory
  message list: every message is one value with an explicit role (user or agent) and a
  body. One valid submission appends the user's message and, right after it, the agent's
  response. Later submissions add new pairs and never change earlier messages.

  Background:
    Given the chat app is running

  @clause:message-role-and-body @clause:role-values @clause:pair-order @clause:body-source
  @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: One valid input adds a user message then an agent response
    Given the standard choice will return "맡겨만 주세요."
    When the user submits "첫 번째 입력"
    Then the message list is:
      | role  | body           |
      | user  | 첫 번째 입력   |
      | agent | 맡겨만 주세요. |
    And every item follows the item rules

  @screenshot
  @clause:submission-order @clause:pair-order
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: Several submissions accumulate pairs in submission order
    When the user submits these inputs in order:
      | input |
      | 하나  |
      | 둘    |
      | 셋    |
    Then the message list holds 6 messages
    And the messages alternate user then agent, starting with user
    And the user messages have the bodies "하나", "둘", "셋" in that order
    And the conversation area shows the items in the order of the message list
    And every item follows the item rules

  @clause:messages-immutable @clause:submission-order
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: A later submission leaves earlier messages and items unchanged
    Given the user has submitted "첫 번째 입력"
    When the user submits "두 번째 입력"
    Then the first 2 messages and items are unchanged
    And every item follows the item rules

  @clause:role-in-message-data @clause:role-values
  @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: The role of each message comes from the message data
    When the user submits "역할 확인"
    Then every message's role is given by the message data as "user" or "agent"
    And every item follows the item rules
