Feature: The file popup's keys and pointer are those of the command popup
  While the file popup is open, ↑/↓ move the focus between candidates and wrap around,
  Enter or Tab put the focused file into the input, Escape closes the popup and keeps the
  text, typing on searches again with the focus back on the first candidate. The
  highlight, auto-scroll, click and hover rules of the command popup hold here too.

  Background:
    Given the RAWP-CRS client is running
    When the user types "@s" in the input
    And the agent answers the file search with "src/alpha.py, src/beta.py, docs/gamma.md"

  @clause:crs-at-keys-move
  Scenario: Down and Up move the focus between candidates
    Then the highlighted candidate is "alpha.py"
    When the user presses Down
    Then the highlighted candidate is "beta.py"
    When the user presses Down
    Then the highlighted candidate is "gamma.md"
    When the user presses Up
    Then the highlighted candidate is "beta.py"

  @clause:crs-at-keys-wrap
  Scenario: Up on the first candidate and Down on the last wrap around
    When the user presses Up
    Then the highlighted candidate is "gamma.md"
    When the user presses Down
    Then the highlighted candidate is "alpha.py"

  @clause:crs-at-keys-select
  Scenario Outline: Enter or Tab puts the focused file into the input
    When the user presses Down
    And the user presses <key>
    Then the input refers to "src/beta.py" and the file popup is closed

    Examples:
      | key   |
      | Enter |
      | Tab   |

  @clause:crs-at-keys-select @clause:crs-at-current-query-only
  Scenario Outline: The popup opened again lists the new answer, and <key> puts in the new file
    A selection is made from what the popup lists now: after a first file was put in, the
    next `@` word's popup lists its own answer, and the key puts that file in, not the
    first one again.

    When the user presses Down
    And the user presses <key>
    Then the input refers to "src/beta.py" and the file popup is closed
    When the user types " @ga" in the input
    And the agent answers the file search with "docs/gamma.md, docs/gallery.md"
    Then the file popup lists "gamma.md, gallery.md"
    When the user presses <key>
    Then the input refers to "docs/gamma.md" and the file popup is closed
    And the input refers to "src/beta.py" and the file popup is closed

    Examples:
      | key   |
      | Enter |
      | Tab   |

  @clause:crs-at-keys-select
  Scenario: A file selected after some text joins that text
    When the user presses Backspace 2 times
    And the user types "see @b" in the input
    And the agent answers the file search with "src/beta.py"
    And the user presses Enter
    Then the input refers to "src/beta.py" and the file popup is closed

  @clause:crs-at-keys-escape
  Scenario: Escape closes the popup and keeps the text, @ included
    When the user types "al" in the input
    And the user presses Escape in the file popup
    Then the file popup is closed
    And the input still holds the text typed before Escape and nothing was cancelled

  @clause:crs-at-keys-typing
  Scenario: Typing on searches again and shows the new answer
    When the user types "ga" in the input
    Then the client searched for "sga"
    When the agent answers the file search with "docs/gamma.md"
    Then the file popup lists "gamma.md"

  @clause:crs-at-typing-focus-reset
  Scenario: New candidates after typing put the focus back on the first
    When the user presses Down
    And the user types "a" in the input
    And the agent answers the file search with "src/alpha.py, src/beta.py, docs/gamma.md"
    Then the highlighted candidate is "alpha.py"

  @screenshot
  @clause:crs-at-popup-shares-slash-rules
  Scenario: The focused candidate's whole row is highlighted and stands out
    When the user presses Down
    Then the highlighted candidate is drawn, its whole row lit and standing out

  @clause:crs-at-popup-shares-slash-rules
  Scenario: Focus moves past the popup's rows and the list scrolls with it
    When the user types "f" in the input
    And the agent answers the file search with 100000 candidates
    And the user presses Down 12 times
    Then the highlighted candidate is "file000012.py"
    When the user presses Up 12 times
    Then the highlighted candidate is "file000000.py"
    And the highlighted candidate is drawn, its whole row lit and standing out

  @clause:crs-at-keys-wrap
  Scenario: Up on the first of 100,000 candidates wraps to the last the popup lists
    When the user types "f" in the input
    And the agent answers the file search with 100000 candidates
    And the user presses Up
    Then the highlighted candidate is the last one the popup lists
    When the user presses Down
    Then the highlighted candidate is "file000000.py"

  @clause:crs-at-popup-shares-slash-rules
  Scenario: A click on a candidate selects it
    When the user clicks the second candidate of the file popup
    Then the input refers to "src/beta.py" and the file popup is closed

  @clause:crs-at-popup-shares-slash-rules
  Scenario: Hovering over a candidate highlights it
    When the user hovers over the third candidate of the file popup
    Then the highlighted candidate is "<pointed>"
