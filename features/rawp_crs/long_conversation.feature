Feature: Every turn of a long conversation is drawn wherever the user scrolls
  A client may keep the turns far above the viewport out of layout to stay fast, but they
  stay in the conversation, in order, and are drawn again before the user scrolls to them:
  with Home at the top, and page by page with Page Up from the end (002 §2.5.5, §2.6; design
  §9, "Items far above the viewport").

  @screenshot
  @clause:crs-home-scrolls-to-top
  Scenario: Home in a long conversation shows its first turn
    Given a stored conversation of 16 turns
    And the user has set the number of turns to 16 in the client's settings
    When the RAWP-CRS client opens the stored conversation
    And the user clicks the conversation
    And the user presses the key "home"
    Then the conversation is scrolled to its top
    And the conversation's viewport shows stored turn 1

  # Three keys and a reading per page over a dozen pages: about 6 s on a quiet machine and
  # over 20 s on a loaded one, so the guard against a hung client is much wider than the
  # default (a bound, not a timed check).
  @clause:crs-page-keys-scroll @scenario_timeout:120
  Scenario: Page Up from the end of a long conversation shows turns in order on every page, and returns
    Given a stored conversation of 16 turns
    And the user has set the number of turns to 16 in the client's settings
    When the RAWP-CRS client opens the stored conversation
    Then every page shows a stored turn, and Page Up then Page Down comes back to its rows

  @clause:crs-page-keys-scroll @clause:crs-home-scrolls-to-top @scenario_timeout:120
  Scenario: After the terminal is resized, every turn of a long conversation is drawn again
    Turns drawn at one width are taller or shorter at another: a client that keeps the old
    heights of the turns it moved out of layout scrolls to blank rows or skips turns.
    Given a stored conversation of 12 turns
    And the user has set the number of turns to 12 in the client's settings
    When the RAWP-CRS client opens the stored conversation
    And the terminal is resized to 28 columns
    Then every page shows a stored turn, and Page Up then Page Down comes back to its rows
    When the user clicks the conversation
    And the user presses the key "end"
    And the terminal is resized to 150 columns
    And the user presses the key "home"
    Then the conversation is scrolled to its top
    And the conversation's viewport shows stored turn 1
