Feature: Blank input is ignored
  Submitting nothing, or only whitespace (spaces, tabs, newlines), is not a message:
  the input is cleared and keeps the focus, and nothing else happens. No response is
  chosen, nothing is recorded, no message is created and nothing is added to the
  conversation area.

  Background:
    Given the chat app is running
    And the user has submitted "첫 번째 입력"

  @clause:blank-input-no-choice @clause:blank-input-no-change @clause:validate-before-choice @clause:input-cleared
  @clause:input-focus
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario Outline: A blank submission (<kind>) changes nothing but the input
    When the user submits the raw value "<value>"
    Then the standard choice was not called for that submission
    And the submission changed nothing
    And the input is empty
    And the input has focus
    And every item follows the item rules

    # Values use the escapes \t, \n, \r and \uXXXX. A newline cannot be typed into a
    # one-line input, so each value is placed in the input and submitted with Enter.
    Examples:
      | kind                | value          |
      | empty               |                |
      | spaces              | \u0020\u0020\u0020 |
      | one tab             | \t             |
      | tabs                | \t\t\t         |
      | newline             | \n             |
      | mixed whitespace    | \u0020\t \n \r\n |
      | ideographic space   | \u3000         |
      | no-break space      | \u00a0         |

  @screenshot
  @clause:blank-input-no-change @clause:enter-submits @clause:input-focus
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: Pressing Enter on an empty input adds nothing
    When the user presses Enter
    Then the submission changed nothing
    And the input has focus
    And every item follows the item rules
