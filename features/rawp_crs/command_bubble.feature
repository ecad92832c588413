Feature: A slash command shows as a compact command bubble, without its slash
  A prompt that runs a published command is sent with input type `slash_command` and drawn
  as a command bubble: the command's name without the leading `/`, bold and in another
  colour, the parameters after it in normal weight, on a background of its own, no wider
  than its text. Any other prompt keeps the ordinary text bubble.

  Background:
    Given the RAWP-CRS client is running
    And the agent publishes these commands:
      | name    | description         | category |
      | compact | Compact the context | session  |
      | clear   | Clear the screen    | display  |

  @clause:crs-command-bubble-for-slash-input-type @clause:crs-command-bubble-distinct @clause:crs-command-bubble-strips-slash @clause:crs-command-bubble-icon
  Scenario: A sent slash command is a command bubble without its slash
    When the user sends the command text "/compact focus on auth module"
    Then the last prompt has the input type "slash_command"
    And the last user item is a command bubble
    And the command bubble reads "compact focus on auth module"
    And anything drawn before the command name is one icon glyph

  @clause:crs-command-bubble-for-slash-input-type @clause:crs-command-bubble-strips-slash
  Scenario: A command selected in the popup and sent is a command bubble
    When the user types "/cle" in the input
    And the user presses Enter
    And the user presses Enter
    Then the last prompt has the input type "slash_command"
    And the last user item is a command bubble
    And the command bubble reads "clear"

  # Found by the exploration: a command that held a file token was drawn in its wire form.
  @clause:crs-command-bubble-strips-slash @part:3
  Scenario: A sent slash command holding a file token names the file, not the token's wire form
    When the user types "/compact keep " and adds a token for "src/app.py"
    And the user presses Enter
    Then the last prompt has the input type "slash_command"
    And the last user item is a command bubble
    And the command bubble shows "src/app.py" and not the token's wire form

  @clause:crs-command-name-inline-style @clause:crs-command-bubble-no-nesting @clause:crs-command-bubble-compact
  Scenario: The name is set apart by inline style only, in a compact bubble
    When the user sends the command text "/compact focus on auth"
    Then the name "compact" is bold in another colour and "focus on auth" is not bold
    And the command bubble holds no box, badge or chip of its own
    And the command bubble is no wider than its text and its padding

  @screenshot
  @clause:crs-command-bubble-style-differs @clause:crs-command-bubble-distinct
  Scenario: A command bubble looks different from a text bubble
    Given the user has sent "hello there"
    When the user sends the command text "/clear now"
    Then the command bubble's background differs from the text bubble's

  @clause:crs-text-bubble-for-other-input-types
  Scenario Outline: Any other prompt keeps the ordinary text bubble
    When the user sends the command text "<text>"
    Then the last prompt has the input type "text"
    And the last user item is a text bubble

    Examples:
      | text                  |
      | hello                 |
      | https://x.org/compact |

  @clause:crs-text-bubble-for-other-input-types @clause:crs-command-bubble-for-slash-input-type
  Scenario Outline: A slash word the agent did not publish, or one after text: the bubble follows the input type sent
    Which input type such a prompt is sent with is the client's choice (RAWP-DPS §6.1.1 is
    not held); 004 §3.3 fixes the bubble each input type gets.
    When the user sends the command text "<text>"
    Then the last user item's bubble follows the input type the client sent

    Examples:
      | text                |
      | /unknown thing      |
      | please /compact now |

  @clause:crs-send-text-escaped @clause:crs-command-bubble-for-slash-input-type
  Scenario: A slash command's parameters are escaped like any typed text
    The escaping of 004 §3.4.6 applies to every prompt the user sends, a slash command's
    included, so the agent unescapes every prompt_text the same way.
    When the user types "/compact keep src\\auth and <@notes" and presses Enter, closing any popup first
    Then prompt 1 is "/compact keep src\\\\auth and \\<@notes" with no file reference
    And the last prompt has the input type "slash_command"
