Feature: Widget ids and structure stay compatible
  Existing integrations find the conversation area and the input by the widget ids the
  implementation declares, and find every message item inside that conversation area.

  Background:
    Given the chat app is running

  @screenshot
  @clause:widget-ids
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: The declared conversation area and input exist and hold the items
    When the user submits "호환"
    Then the declared conversation area is exactly one widget
    And the declared input is exactly one input field
    And every message item is inside the declared conversation area
    And every item follows the item rules
