Feature: History recall, page and Home/End scrolling, and typing that reaches the input
  In the empty input, Up and Down bring back the messages sent before, newest first, as a
  shell's history does (002 §2.5.4, MAY); Up in an input that holds a draft leaves it alone.
  Page Up and Page Down scroll the conversation by about one page (SHOULD), pressed as the
  user would, with the input focused. Home and End scroll it to its top and bottom (MAY),
  pressed with the focus on the conversation: in the input they move the cursor (design §6.2
  item 11). When neither the input nor an interaction UI has the focus, typing goes to the
  input by itself (002 §2.5.5, SHOULD): every character typed lands there.

  Background:
    Given the RAWP-CRS client is running

  @screenshot:4
  @clause:crs-history-recall
  Scenario: Up and Down in the empty input walk through the sent messages, as a shell does
    Given the user has sent "first question"
    And the user has sent "second question"
    When the user presses the key "Up"
    Then the input's text is exactly "second question"
    When the user presses the key "Up"
    Then the input's text is exactly "first question"
    When the user presses the key "Down"
    Then the input's text is exactly "second question"
    When the user presses the key "Down"
    Then the input's text is exactly ""

  @guard:crs-history-recall
  Scenario: Up in an input that holds a draft recalls nothing
    Given the user has sent "first question"
    When the user types "draft" without sending it
    And the user presses the key "Up"
    Then the input's text is exactly "draft"

  @clause:crs-history-recall
  @part:3
  Scenario: Up brings back a sent message with its file token, and sent again it refers to the file
    A recalled message is the message as it was sent: its file token comes back as a token,
    and sending it again sends the same text and the same file reference.
    When the user types "look at " and adds a token for "README.md"
    And the user types " please" in the input
    And the user presses Enter
    And the user presses the key "Up"
    Then the input holds "look at ", a token for "README.md" and " please"
    When the user presses Enter
    Then prompt 2 is prompt 1 again, with its file references

  @clause:crs-page-keys-scroll
  Scenario: Page Up and Page Down scroll the conversation by about one page
    Given a conversation several screens tall, shown at its end
    When the user presses the key "pageup"
    Then the conversation scrolled up by about one page
    When the user presses the key "pageup"
    Then the conversation scrolled up by about one page
    When the user presses the key "pagedown"
    Then the conversation scrolled down by about one page

  @clause:crs-page-keys-scroll
  Scenario: Page keys pressed three times in one burst scroll three pages, not one
    A held key or a fast hand sends the keys before the client has drawn the first
    page; each key still scrolls one page further.
    Given a conversation several screens tall, shown at its end
    When the user presses the key "pageup"
    Then the conversation scrolled up by about one page
    When the user presses the key "pageup" 3 times in one burst
    Then the conversation scrolled up by 3 of those pages
    When the user presses the key "pagedown" 3 times in one burst
    Then the conversation scrolled down by 3 of those pages

  @clause:crs-page-keys-scroll
  Scenario: Page Up and Page Down scroll the conversation while the input holds a draft
    Given a conversation several screens tall, shown at its end
    When the user types "a draft" without sending it
    And the user presses the key "pageup"
    Then the conversation scrolled up by about one page
    When the user presses the key "pagedown"
    Then the conversation scrolled down by about one page
    And the input's text is exactly "a draft"

  @clause:crs-page-keys-scroll
  Scenario: Page Down at the end of the conversation keeps the view on what comes next
    At the end there is no page left to scroll: the view stays at the end, and the next
    message sent and the agent's answer to it are drawn in view, as they are without the key.
    Given a conversation several screens tall, shown at its end
    When the user presses the key "pagedown"
    And a turn "t2" runs to its end for the prompt "one more question"
    Then the conversation's view shows "one more question" and the agent's answer

  @clause:crs-page-keys-scroll
  Scenario: Page Down at the end keeps the view on an answer that arrives without a new message
    A client may bring the view back when the user sends; what the agent draws next must
    come into view too, after a Page Down at the end, with nothing sent in between.
    Given a conversation several screens tall, shown at its end
    When the user sends "one more question"
    And the user presses the key "pagedown"
    And the agent answers "Done: the parser is refactored."
    Then the conversation's view shows "one more question" and the agent's answer

  @clause:crs-home-scrolls-to-top @clause:crs-end-scrolls-to-bottom
  Scenario: Home and End scroll the focused conversation to its top and its bottom
    Given a conversation several screens tall, shown at its end
    When the user clicks the conversation
    And the user presses the key "home"
    Then the conversation is scrolled to its top
    When the user presses the key "end"
    Then the conversation is scrolled to its bottom

  @clause:crs-typing-focuses-input
  Scenario: Typing after a click on the conversation types into the input
    Given a turn "t1" has run to its end for the prompt "refactor the parser"
    When the user clicks the conversation
    And the user types "next step" anywhere
    Then the input's text is exactly "next step"
    And the input has the keyboard focus

  @clause:crs-typing-focuses-input
  Scenario: A burst typed after a click on the conversation lands whole and in order
    Given a turn "t1" has run to its end for the prompt "refactor the parser"
    When the user clicks the conversation
    And the user types "next step, then tests" anywhere in one burst
    Then the input's text is exactly "next step, then tests"
    And the input has the keyboard focus

  @clause:crs-typing-focuses-input
  Scenario: Typing after Tab moved the focus out of the input types into the input
    Given a turn "t1" has run to its end for the prompt "refactor the parser"
    When the user presses the key "tab"
    And the user types "next step" anywhere
    Then the input's text is exactly "next step"
    And the input has the keyboard focus

  @clause:crs-typing-focuses-input
  Scenario: Typing after a click on the conversation goes on after the draft in the input
    Given a turn "t1" has run to its end for the prompt "refactor the parser"
    When the user types "next" without sending it
    And the user clicks the conversation
    And the user types " step" anywhere
    Then the input's text is exactly "next step"
    And the input has the keyboard focus

  # An interaction request is part 4: a client that claims only part 1 is not asked.
  @part:4 @clause:crs-typing-focuses-input
  Scenario Outline: Typing after a <kind> request was answered with <key> types into the input
    While the interaction UI is shown it takes the keys (002 §2.5.3, and §2.5.5 leaves it
    out); once it is gone, what the user types reaches the input, wherever the closing UI
    left the focus.

    Given the user has sent "clean up the repository"
    And the agent has started turn "t1"
    When the agent asks "r1", a <kind> request "Go on?" with the options "alpha, beta, gamma" in turn "t1"
    And the user presses the key "<key>"
    And the user types "next step" anywhere
    Then the input's text is exactly "next step"
    And the input has the keyboard focus

    Examples:
      | kind         | key    |
      | YN           | y      |
      | YN           | Enter  |
      | YN           | Escape |
      | PERMISSION   | Enter  |
      | SELECT       | Enter  |
      | MULTI_SELECT | Enter  |
      | TEXT_INPUT   | Escape |

  # 002 §2.5.4 gives Page Up and Page Down no condition on the focus (the history keys are
  # "when the input is empty", Home and End are MAY and pressed on the conversation above).
  @clause:crs-page-keys-scroll
  Scenario: Page Up and Page Down scroll the conversation with the focus on it, after a click
    Given a conversation several screens tall, shown at its end
    When the user clicks the conversation
    And the user presses the key "pageup"
    Then the conversation scrolled up by about one page
    When the user presses the key "pagedown"
    Then the conversation scrolled down by about one page

  # The Yes/No keys of 002 §2.5.3 are Y, N, Enter and Escape: the page keys are not the
  # UI's, and a person reads back through the turn before approving what it asks.
  @part:4 @clause:crs-page-keys-scroll
  Scenario: Page Up and Page Down scroll the conversation while a Yes/No request waits
    Given a conversation several screens tall, shown at its end
    And the user has sent "clean up the repository"
    And the agent has started turn "t2"
    When the agent asks "r1", a YN request "Delete the build folder?" in turn "t2"
    And the conversation is scrolled to its end
    And the user presses the key "pageup"
    Then the conversation scrolled up by about one page
    When the user presses the key "pagedown"
    Then the conversation scrolled down by about one page
    And the interaction UI is shown with the prompt "Delete the build folder?"

  # 002 §2.5.1 sends with Enter "when the input holds text and no popup is active" and says
  # nothing of the focus: with the focus on the conversation a client may send the draft or
  # leave it for later. Either way the draft is neither lost nor changed.
  @guard:crs-enter-sends
  Scenario: Enter with the focus on the conversation sends the draft whole or keeps it whole
    When the user types "a draft" without sending it
    And the user clicks the conversation
    And the user presses the key "Enter"
    Then the draft "a draft" was sent as it was typed, or is still in the input

  # 002 §2.5.1: Shift+Enter "always" adds a line and never sends. With the focus on the
  # conversation it may add the line break to the draft or do nothing; it never sends.
  @guard:crs-shift-enter-newline
  Scenario: The newline key with the focus on the conversation sends nothing
    When the user types "a draft" without sending it
    And the user clicks the conversation
    And the user presses the first newline key
    Then no prompt was sent and the input holds "a draft", with or without a line break added
