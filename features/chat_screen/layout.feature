Feature: User items sit left with a left border, agent items right with a right border
  Roles are told apart by structure, not colour: the user's item is left-aligned with a
  border on its left side, the agent's item right-aligned with a border on its right
  side. The harness checks the computed styles and, independently, where the text and
  the border glyph really are on the composed screen, so a rule that only names a CSS
  class or only changes a colour does not pass.

  Background:
    Given the chat app is running
    And the user has submitted "왼쪽"

  @clause:role-alignment
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-borders
  Scenario: Items are aligned by role in their computed styles
    Then item 1 is placed on the left by its computed styles
    And item 2 is placed on the right by its computed styles
    And every item follows the item rules

  @clause:role-alignment @clause:structure-not-colour
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-borders
  Scenario: Items are drawn against their role's edge of the conversation area
    Then item 1 is drawn against the left edge of the conversation area
    And item 2 is drawn against the right edge of the conversation area
    And every item follows the item rules

  @clause:role-borders
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  Scenario: Items have a border on their role's side only in their computed styles
    Then item 1 has a border on the left side only by its computed styles
    And item 2 has a border on the right side only by its computed styles
    And every item follows the item rules

  @clause:role-borders @clause:structure-not-colour
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  Scenario: The border glyph is drawn on the role's side only
    Then item 1 is drawn with a border glyph on its left side only
    And item 2 is drawn with a border glyph on its right side only
    And every item follows the item rules

  @screenshot
  @clause:role-alignment @clause:role-borders
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes
  Scenario Outline: The layout holds in a <columns>x<rows> terminal
    Given the terminal is resized to <columns>x<rows> cells
    When the user submits "크기"
    Then item 3 is drawn against the left edge of the conversation area
    And item 3 is drawn with a border glyph on its left side only
    And item 4 is drawn against the right edge of the conversation area
    And item 4 is drawn with a border glyph on its right side only
    And every item follows the item rules

    Examples:
      | columns | rows |
      | 120     | 30   |
      | 40      | 20   |
