Feature: The input submits on Enter, is stripped and is cleared
  The input has focus from the start. Enter submits its value. The value is stripped of
  leading and trailing whitespace before anything else happens, and the input is cleared
  at once, whether the value was valid or blank, so the next message can be typed.

  Background:
    Given the chat app is running

  @clause:input-focus
  Scenario: The input has focus when the app starts
    Then the input has focus

  @screenshot
  @clause:enter-submits @clause:input-focus @clause:input-cleared
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: Typing and pressing Enter submits, clears the input and keeps focus
    When the user types "안녕" and presses Enter
    Then the message list holds 2 messages
    And the input is empty
    And the input has focus
    And every item follows the item rules

  # Quoted values understand the escapes \t, \n, \r, \uXXXX and \\, for characters a
  # table cell cannot hold at its edges.
  @clause:input-stripped @clause:body-source
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario Outline: Leading and trailing whitespace is stripped from the body
    When the user submits the raw value "<value>"
    Then message 1 has role "user" and body "<body>"
    And item 1 shows "사용자: <body>"
    And the record of submitted inputs is "<body>"
    And every item follows the item rules

    Examples:
      | value                                | body               |
      | \u0020\u0020앞뒤 공백\u0020\u0020 | 앞뒤 공백          |
      | \t탭으로 감싼 입력\t               | 탭으로 감싼 입력   |
      | \u3000전각 공백\u3000              | 전각 공백          |
      | \u0020inner  spaces stay\u0020     | inner  spaces stay |

  @clause:input-cleared
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: The input is cleared after every submission
    When the user submits "하나"
    Then the input is empty
    When the user submits "둘"
    Then the input is empty
    And every item follows the item rules

  # A terminal delivers keys as fast as they come: a person typing in bursts, or a
  # program sending keys, fills the app's queue before the app has handled the first.
  # Each message must still be exactly what was typed before its Enter.
  @clause:input-cleared @clause:enter-submits @clause:submission-order @clause:pair-order
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: Messages typed in one burst arrive whole and in order
    When the user types these inputs in one burst, each followed by Enter:
      | input   |
      | one     |
      | two     |
      | three   |
      | 넷 다섯 |
    Then the message list, the records and the conversation area keep those inputs in order
    And the input is empty
    And every item follows the item rules

  @clause:input-cleared
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: Text typed right after Enter stays in the input for the next message
    When the user types "first", Enter and "second" in one burst
    Then the input holds "second"
    And the user messages have the bodies "first" in that order
    And every item follows the item rules
