Feature: Message bodies are literal text
  A body is shown exactly as typed. Text that looks like Textual or Rich markup is not
  interpreted: it does not change the style, does not become a clickable action and
  does not crash the app.

  Background:
    Given the chat app is running

  @clause:body-source @clause:display-format
  @clause:role-values @clause:single-label-widget @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario Outline: Markup-like input "<text>" is shown as typed
    When the user submits "<text>"
    Then item 1 shows "사용자: <text>"
    And the screen shows the text "<text>"
    And message 1 has role "user" and body "<text>"
    And every item follows the item rules

    # \u005c is a backslash: Rich and Textual markup use it to escape a bracket.
    Examples:
      | text                   |
      | [bold]x[/bold]         |
      | [@click=app.quit]x[/]  |
      | [/]                    |
      | [link=x]y              |
      | a \u005c               |
      | \u005c[bold]x          |

  @screenshot
  @clause:body-source
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: An action-like body is not clickable
    When the user submits "[@click=app.quit]눌러 보세요[/]"
    And the user clicks item 1
    Then the app is still running
    And every item follows the item rules
