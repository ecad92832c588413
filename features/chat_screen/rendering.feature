Feature: Each message is shown as one label: role label, colon, space, body
  The role decides everything the screen shows about the author: the label (사용자 for
  the user, 에이전트 for the agent) and the CSS classes. The body is shown exactly as it
  is, after the label, a colon and one space, in a single label widget.

  Background:
    Given the chat app is running

  @screenshot
  @clause:display-format @clause:role-labels
  @clause:role-values @clause:single-label-widget @clause:label-and-classes-from-role
  @clause:role-classes @clause:role-alignment @clause:role-borders
  Scenario: The contract's examples are shown with their role labels
    Given the standard choice will return "맡겨만 주세요."
    When the user submits "첫 번째 입력"
    Then the conversation area shows, in order:
      | text                     |
      | 사용자: 첫 번째 입력     |
      | 에이전트: 맡겨만 주세요. |
    And the screen shows the text "사용자: 첫 번째 입력"
    And the screen shows the text "에이전트: 맡겨만 주세요."
    And every item follows the item rules

  @clause:single-label-widget @clause:display-format
  @clause:role-values @clause:role-labels @clause:label-and-classes-from-role
  @clause:role-classes @clause:role-alignment @clause:role-borders
  Scenario: Each message is one label widget combining label and body
    When the user submits "한 줄"
    Then the conversation area holds exactly one label widget per message
    And each item shows its role label, a colon, one space and its body
    And every item follows the item rules

  @clause:role-classes
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-alignment @clause:role-borders
  Scenario: Each item carries the classes of its role
    When the user submits "클래스 확인"
    Then item 1 has the classes "chat-message user-message user-role"
    And item 1 has none of the classes "response-message agent-role"
    And item 2 has the classes "chat-message response-message agent-role"
    And item 2 has none of the classes "user-message user-role"
    And every item follows the item rules

  @clause:label-and-classes-from-role
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:role-classes @clause:role-alignment @clause:role-borders
  Scenario: Label and classes always agree with the role in the message list
    When the user submits these inputs in order:
      | input |
      | 가    |
      | 나    |
    Then each item's label and classes match the role of its message
    And every item follows the item rules
