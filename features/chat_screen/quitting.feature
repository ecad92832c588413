Feature: Escape and Ctrl+Q quit
  Two keys quit the app at any time: while the input has focus and holds text, while
  the focus is elsewhere, and after a click on the conversation. Quitting is separate
  from submitting: it creates no message and no record.

  Background:
    Given the chat app is running
    And the user has submitted "떠나기 전"

  @screenshot:1
  @clause:quit-keys @clause:quit-creates-no-state
  Scenario Outline: <key> quits without adding anything
    When the user pastes "쓰다 만 글"
    And the user presses <key> to quit
    Then the app has exited
    And the message list holds 2 messages
    And the records hold 1 submission

    Examples:
      | key    |
      | Escape |
      | Ctrl+Q |

  @clause:quit-keys
  Scenario Outline: <key> quits while the focus is away from the input
    When the user moves the focus away from the input
    And the user presses <key> to quit
    Then the app has exited

    Examples:
      | key    |
      | Escape |
      | Ctrl+Q |

  @clause:quit-keys
  Scenario Outline: <key> quits after the user clicked an item
    When the user clicks item 2
    And the user presses <key> to quit
    Then the app has exited

    Examples:
      | key    |
      | Escape |
      | Ctrl+Q |
