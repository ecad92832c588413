Feature: The response is chosen from the fixed list by the standard choice, once
  Every agent response is one of the implementation's fixed responses, chosen by passing
  that list to Python's standard `random.choice`, exactly once per valid submission.
  Each valid submission also appends its input and its response to the session records.
  With the choice fixed, the whole flow is deterministic.

  Background:
    Given the chat app is running

  @clause:response-from-fixed-list @clause:body-source
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: The agent's body is one of the fixed responses
    When the user submits these inputs in order:
      | input |
      | 하나  |
      | 둘    |
      | 셋    |
    Then every agent message's body is one of the fixed responses
    And every item follows the item rules

  @clause:standard-random-choice @clause:one-choice-per-submission
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: The standard choice is called exactly once per valid submission, with the fixed list
    When the user submits "하나"
    Then the standard choice was called 1 time, each time with the fixed response list
    When the user submits "둘"
    Then the standard choice was called 2 times, each time with the fixed response list
    And every item follows the item rules

  @screenshot
  @clause:standard-random-choice
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: With the choice fixed, the response is the fixed value
    Given the standard choice will return "알겠어요."
    When the user submits "결정적"
    Then message 2 has role "agent" and body "알겠어요."
    And item 2 shows "에이전트: 알겠어요."
    And every item follows the item rules

  @clause:session-records
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: The session records grow in step with the message list
    Given the standard choice will return "맡겨만 주세요."
    When the user submits these inputs in order:
      | input |
      | 하나  |
      | 둘    |
    Then the record of submitted inputs is "하나", "둘"
    And the record of selected responses is "맡겨만 주세요.", "맡겨만 주세요."
    And the records match the message list
    And every item follows the item rules
