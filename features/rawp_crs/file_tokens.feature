Feature: A chosen file becomes an inline token the input treats as one unit
  Choosing a file in the @ popup replaces the typed @query with a token: drawn on its own
  background between end caps, crossed whole by the arrow keys, deleted in two steps by
  Backspace after it or Delete before it (mark, then remove, shrinking to nothing), removed
  at once inside a selected range, brought back by Ctrl+Z with its ref_id and path, copied
  as @path. A message may hold several tokens, the same file twice included.

  Background:
    Given the RAWP-CRS client is running

  @screenshot
  @clause:crs-token-replaces-query @clause:crs-token-background @clause:crs-token-rounded
  @clause:crs-token-padding
  Scenario: The chosen file replaces the @query with a token drawn apart from the text
    When the user types "see " in the input
    And the user adds a token for "src/main.py" through "@ma"
    Then the input reads "see ", the token for "src/main.py" and ""
    And the token is drawn on a background of its own, between two cap glyphs

  @clause:crs-token-replaces-query @clause:crs-token-background @clause:crs-token-rounded
  @clause:crs-token-padding
  Scenario: A token for a file with a Korean name, after Korean text, is drawn the same way
    Korean characters are two cells wide: the label is found by its cells, not by its
    character count.
    When the user types, as a terminal sends it, "이 파일을 보세요 " in the input
    And the user adds a token for "문서/회의록.md" through "@회의"
    Then the input reads "이 파일을 보세요 ", the token for "문서/회의록.md" and ""
    And the token is drawn on a background of its own, between two cap glyphs

  @clause:crs-token-replaces-query
  Scenario: Text typed right after the token, in one burst, stays text beside it
    When the user types "see " and adds a token for "a.py"
    And the user types " now" in one burst
    Then the input reads "see ", the token for "a.py" and " now"

  @clause:crs-token-label @clause:crs-token-label-elision @clause:crs-token-icon
  Scenario Outline: The label shows the file name, or the whole path when it is short
    When the user adds a token for "<path>"
    Then each token's label is the file name, or the whole path when that is short

    Examples:
      | path |
      | notes.md |
      | src/app/main.py |
      | very/deep/directory/tree/with/many/levels/inside/the/project/config.yaml |
      | my docs/a\|b>c.txt |
      | 문서/회의록.md |
      | [b]bold[/b] and [red]x[/red].py |

  @clause:crs-token-label @clause:crs-token-label-elision
  Scenario: A 4,000-character path is not drawn whole in its token
    When the user adds a token for a path of 4000 characters
    Then each token's label is the file name, or the whole path when that is short

  @clause:crs-token-multiple @clause:crs-send-file-references
  Scenario: Hostile paths keep their exact path in file_references, the same file twice
    When the user adds a token for "my docs/a|b>c.txt"
    And the user types " " in the input
    And the user adds a token for "my docs/a|b>c.txt"
    And the user types " " in the input
    And the user adds a token for "rtl/a\u202ebc.py"
    Then the input holds 3 tokens, each with its own ref_id
    When the user presses Enter
    Then prompt 1 has 3 file references with the chosen paths

  # The cursor is checked at every stop by typing a character there and deleting it: about
  # 5 s on a 2-core machine, so more than the default bound under load.
  @clause:crs-token-atomic-cursor @scenario_timeout:30
  Scenario: Right and Left cross a token whole and the cursor never stands inside it
    When the user types "ab " and adds a token for "src/main.py"
    And the user types " cd" in the input
    Then walking the input with Right and Left stops once per unit, never inside a token

  @clause:crs-token-atomic-cursor
  Scenario: Left keys typed in a burst cross the token before the next character lands
    When the user types "see " and adds a token for "a.py"
    And the user types " now", presses left+left+left+left+left and types "X" in one burst
    Then the input reads "see X", the token for "a.py" and " now"

  @clause:crs-token-atomic-cursor
  Scenario: A click on the token's label leaves the cursor at one of its edges
    When the user types "ab " and adds a token for "src/main.py"
    And the user types " cd" in the input
    And the user clicks the middle of the token's label
    Then the cursor stands at one edge of the token

  @clause:crs-token-backspace-two-step
  Scenario: Backspace right after a token marks it first and deletes it second
    When the user types "see " and adds a token for "a.py"
    Then the token is drawn on a background of its own, between two cap glyphs
    When the user presses the keys "backspace"
    Then the input still has the token for "a.py"
    And the token is drawn on a background other than its usual one
    When the user presses the keys "backspace"
    Then the input reads "see " and no token

  @clause:crs-token-backspace-two-step
  Scenario: Backspaces typed in a burst delete the token in two steps before the next character
    When the user types "see " and adds a token for "a.py"
    And the user types "y", presses backspace+backspace+backspace and types "X" in one burst
    Then the input reads "see X" and no token

  @clause:crs-token-delete-two-step
  Scenario: Delete right before a token marks it first and deletes it second
    When the user adds a token for "a.py"
    And the user types " tail" in the input
    Then the token is drawn on a background of its own, between two cap glyphs
    When the user presses the keys "home delete"
    Then the input still has the token for "a.py"
    And the token is drawn on a background other than its usual one
    When the user presses the keys "delete"
    Then the input reads " tail" and no token

  @clause:crs-token-deletion-animation @clause:crs-token-deletion-not-instant
  @clause:crs-token-deletion-no-jump
  Scenario: A deleted token shrinks to nothing and the layout never jumps
    Given the clock of Textual's animator is held
    When the user types "see " and adds a token for "src/main.py"
    And the user types " tail" in the input
    Then the token is drawn on a background of its own, between two cap glyphs
    When the user presses the keys "left left left left left backspace"
    Then the token is drawn on a background other than its usual one
    And the layout is remembered
    When the terminal sends "backspace"
    Then the input reads "see  tail" and no token
    And the deleted token is drawn whole
    When the animator's clock advances 60 ms
    Then the deleted token is drawn narrower but not gone
    When the animator's clock advances 200 ms
    Then the deleted token is drawn no more

  @clause:crs-token-range-delete
  Scenario: A selected range holding a token is deleted at once, without a mark
    When the user types "a " and adds a token for "src/main.py"
    And the user types " b" in the input
    And the user presses the keys "shift+left shift+left shift+left backspace"
    Then the input reads "a " and no token

  @clause:crs-token-range-delete
  Scenario: A whole line selected with Shift+Home, two tokens in it, goes with one key
    When the user adds a token for "a.py"
    And the user types " and " in the input
    And the user adds a token for "b.py"
    And the user presses the keys "shift+home delete"
    Then the input reads "" and no token

  @clause:crs-token-range-delete-animation
  Scenario: A token deleted in a range shrinks away too
    Given the clock of Textual's animator is held
    When the user types "a " and adds a token for "src/main.py"
    And the user types " b" in the input
    Then the token is drawn on a background of its own, between two cap glyphs
    When the user presses the keys "shift+left shift+left shift+left"
    And the terminal sends "backspace"
    Then the input reads "a " and no token
    And the deleted token is drawn whole
    When the animator's clock advances 60 ms
    Then the deleted token is drawn narrower but not gone
    When the animator's clock advances 200 ms
    Then the deleted token is drawn no more

  @clause:crs-token-undo
  Scenario: Ctrl+Z brings a deleted token back with its ref_id and path
    When the user types "see " and adds a token for "src/main.py"
    And the user presses the keys "backspace backspace"
    Then the input reads "see " and no token
    When the user presses the keys "ctrl+z"
    Then the input holds the deleted token again, with its ref_id and path
    When the user presses Enter
    Then prompt 1 is "see <1>", token n standing for <n>

  @clause:crs-token-undo
  Scenario: Ctrl+Z after a range deletion brings the token back too
    When the user types "a " and adds a token for "b.py"
    And the user presses the keys "shift+home backspace"
    Then the input reads "" and no token
    When the user presses the keys "ctrl+z"
    Then the input holds the deleted token again, with its ref_id and path

  @clause:crs-token-multiple
  Scenario: Several tokens in one message, the same file twice, each with its own ref_id
    When the user adds a token for "src/a.py"
    And the user types " and " in the input
    And the user adds a token for "b.py"
    And the user types " and " in the input
    And the user adds a token for "src/a.py"
    Then the input holds 3 tokens, each with its own ref_id
    When the user presses Enter
    Then prompt 1 is "<1> and <2> and <3>", token n standing for <n>

  @clause:crs-token-copy-as-text
  Scenario: Copying the input gives the token as @path
    When the user types "see " and adds a token for "a.py"
    And the user types " now" in the input
    And the user presses the keys "f7 ctrl+c"
    Then the clipboard holds "see @a.py now"

  # A file system may hold any byte but / and NUL in a name: a line break too. The token
  # stays one run on one row and shows the name the same way wherever it is drawn.
  @clause:crs-file-names-harmless
  Scenario: A file name holding a line break is one token, drawn one way everywhere
    When the user types "@" and the agent offers the file "odd\nname.txt"
    Then the popup draws the file name on one row
    When the user presses Enter
    Then the input draws the token's name on one row, as the popup did
    When the user presses Enter
    Then the client sent 1 prompt
    And the bubble draws the token's name on one row, as the popup did
