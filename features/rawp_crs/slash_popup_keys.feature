Feature: The command popup's highlight, keys and pointer; what a selection puts in the input
  One item at a time carries a highlight over its whole row. While the popup is open ↑/↓
  move it (wrapping around), Enter or Tab select, Escape closes the popup and keeps the
  text; a click selects and hovering moves the highlight. Selecting writes `/{name} ` into
  the input and shows the hint of a required parameter.

  Background:
    Given the RAWP-CRS client is running
    And the agent publishes these commands:
      | name    | description         | category | required hint |
      | compact | Compact the context | session  |               |
      | config  | Show the settings   | config   |               |
      | clear   | Clear the screen    | display  |               |
      | deploy  | Deploy the build    | session  | environment   |

  @clause:crs-slash-focus-highlight
  Scenario: With one item left, that item is highlighted
    When the user types "/de" in the input
    Then the first item of the popup has the highlight

  @screenshot
  @clause:crs-slash-focus-highlight @clause:crs-slash-highlight-full-row @clause:crs-slash-highlight-contrast @clause:crs-slash-single-highlight
  Scenario: One item, the first, is highlighted across its whole row
    When the user types "/" in the input
    Then the first item of the popup has the highlight
    And the highlight covers the focused item's whole row and stands out

  @clause:crs-slash-keys-move @clause:crs-slash-single-highlight
  Scenario: Down and Up move the one highlight
    When the user types "/" in the input
    And the user remembers the focused item
    And the user presses Down
    Then the second item of the popup has the highlight
    And the highlight covers the focused item's whole row and stands out
    When the user presses Up
    Then the first item of the popup has the highlight

  @clause:crs-slash-keys-wrap
  Scenario: Up on the first item goes to the last, Down on the last to the first
    When the user types "/" in the input
    And the user remembers the focused item
    And the user presses Up
    Then the highlighted item is not the first one remembered
    And the last item of the popup has the highlight
    When the user presses Down
    Then the first item of the popup has the highlight

  @clause:crs-slash-keys-select @clause:crs-slash-select-replaces-input
  Scenario Outline: Enter or Tab puts the focused command into the input
    When the user types "/cl" in the input
    And the user presses <key>
    Then the input holds exactly "/clear "
    And the command popup is closed
    And the client sent 0 prompts

    Examples:
      | key   |
      | Enter |
      | Tab   |

  @clause:crs-slash-keys-select @clause:crs-slash-select-replaces-input
  Scenario: A selection typed fast right after the slash takes the focused item
    When the user types "/con" and presses enter in one burst
    Then the input holds exactly "/config "
    And the client sent 0 prompts

  @clause:crs-slash-select-replaces-input
  Scenario: A command selected after earlier text replaces the slash word, or the whole input
    When the user types "please /cl" in the input
    And the user presses Tab
    Then the input holds exactly "please /clear ", or "/clear " as 004 §3.2 words it
    And the command popup is closed

  @clause:crs-slash-required-parameter-hint
  Scenario: Selecting a command with a required parameter shows its hint
    When the user types "/dep" in the input
    And the user presses Enter
    Then the input holds exactly "/deploy "
    And the input row shows "environment" muted after the text

  @clause:crs-slash-keys-escape
  Scenario: Escape closes the popup and keeps the text
    When the user types "/co" in the input
    And the user presses Escape
    Then the command popup is closed
    And the input holds exactly "/co"
    And the client sent 0 prompts

  @clause:crs-slash-keys-escape @clause:crs-slash-popup-opens
  Scenario Outline: After Escape closed it, the popup opens again for the next slash (<how>)
    Escape closes the popup of one `/` word only: the next `/` typed opens it again, listing
    every command with the first one highlighted, the third time as the first.

    When the user types "/co" in the input
    And the user presses Escape
    And <how>
    And the user types "/" in the input
    Then the command popup lists every published command
    And the first item of the popup has the highlight
    When the user presses Escape
    And the user presses Backspace
    And the user types "/" in the input
    Then the command popup lists every published command
    And the first item of the popup has the highlight

    Examples:
      | how                                |
      | the user presses Backspace 3 times |
      | the user types " " in the input    |
      | the user presses Enter             |

  @clause:crs-escape-closes-popup
  Scenario: Escape during a turn closes the popup and cancels nothing
    Given the user has sent "hello"
    And the agent has started turn "t1"
    When the user types "/co" in the input
    And the user presses Escape
    Then the command popup is closed
    And the input holds exactly "/co"
    And Escape in the popup sent no cancel
    When the user presses Escape
    Then the client sent 1 cancel

  @clause:crs-slash-autoscroll
  Scenario: The popup scrolls to keep the focused item in view
    When the agent publishes 30 commands in categories
    And the user types "/" in the input
    And the user presses Down 20 times
    Then the highlighted item is a drawn item
    When the user presses Down 9 times
    Then the last item of the popup has the highlight

  @clause:crs-slash-autoscroll @clause:crs-slash-keys-wrap
  Scenario: Wrapping from the first item shows the last one
    When the agent publishes 30 commands in categories
    And the user types "/" in the input
    And the user remembers the focused item
    And the user presses Up
    Then the highlighted item is not the first one remembered
    And the last item of the popup has the highlight

  @clause:crs-slash-pointer-select
  Scenario: A click on an item selects it
    When the user types "/c" in the input
    And the user clicks the second item of the popup
    Then the input holds the second item's command and a space
    And the command popup is closed

  @clause:crs-slash-hover-highlight @clause:crs-slash-hover-wins
  Scenario: The hovered item takes the highlight from the keyboard focus
    When the user types "/" in the input
    And the user presses Down
    And the user notes the keyboard highlight
    And the user hovers over the third item of the popup
    Then the third item of the popup has the highlight
    And the hovered item has the same background as the keyboard highlight

  @clause:crs-slash-popup-opens @clause:crs-slash-single-highlight
  Scenario: Ten thousand commands open, filter and move as usual
    When the agent publishes 10000 commands in categories
    And the user types "/cmd0999" in one burst
    Then the command popup lists exactly the commands starting with "cmd0999"
    And the first item of the popup has the highlight

  # Found by the mutation score (docs/mutation.md, slash_popup _load_through__mutmut_65): a
  # long list's options are made a chunk at a time, and the highlight must move on past
  # the options made first.
  @clause:crs-slash-keys-move @clause:crs-slash-autoscroll
  Scenario: With ten thousand commands, the highlight moves on past the options made first
    When the agent publishes 10000 commands in categories
    And the user types "/" in the input
    And the user presses the key "down" 190 times in one burst
    Then the last item of the popup has the highlight

  @clause:crs-slash-keys-wrap @clause:crs-slash-autoscroll
  Scenario: With ten thousand commands, Up on the first item shows the last one
    When the agent publishes 10000 commands in categories
    And the user types "/" in the input
    And the user remembers the focused item
    And the user presses Up
    Then the highlighted item is not the first one remembered
    And the last item of the popup has the highlight
    When the user presses Down
    Then the first item of the popup has the highlight
