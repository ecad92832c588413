Feature: The conversation scrolls to the newest item
  When the conversation is taller than its area, each submission scrolls the area to its
  end, so the newest agent response is visible without the person scrolling, whether or
  not the view was at the end before, and also at the moment a scrollbar first appears.

  @screenshot
  @clause:scroll-to-end
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment @clause:role-borders
  Scenario: After many submissions the last item is visible
    Given the chat app is running in a terminal of 60x12 cells
    When the user submits 8 numbered inputs
    Then the conversation content is taller than the conversation area
    And the conversation area is scrolled to its end
    And the last item is visible in the conversation area
    And every item follows the item rules, read from the top of the conversation to its end

  @clause:scroll-to-end
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario: A submission scrolls to the end even when the view was scrolled up
    Given the chat app is running in a terminal of 60x12 cells
    And the user has submitted "하나"
    And the user has submitted "둘"
    And the user has submitted "셋"
    And the user has submitted "넷"
    When the user scrolls the conversation area to its top
    And the user submits "위로 올린 뒤에"
    Then the conversation area is scrolled to its end
    And the last item is visible in the conversation area
    And every item follows the item rules

  # A scrollbar that appears only once the content overflows narrows the area after the
  # scroll to the end was computed, and items that filled a row wrap onto two. Each
  # input here fills one row of its item exactly, and the submission that first makes
  # the content overflow is the last one, so that moment is the one checked. Whether
  # Textual lays the narrower rows out before or after that scroll is a race, so one
  # size can miss it now and then; a miss at all four is vanishingly rare.
  @clause:scroll-to-end
  @clause:role-values @clause:single-label-widget @clause:display-format @clause:role-labels
  @clause:label-and-classes-from-role @clause:role-classes @clause:role-alignment
  @clause:role-borders
  Scenario Outline: The last item is visible when the conversation first overflows (<columns>x<rows>)
    Given the chat app is running in a terminal of <columns>x<rows> cells
    And the standard choice will return "알겠습니다."
    When the user submits inputs that each fill one row of their item until the area overflows
    Then the conversation content is taller than the conversation area
    And the conversation area is scrolled to its end
    And the last item is visible in the conversation area
    And every item follows the item rules

    Examples:
      | columns | rows |
      | 30      | 10   |
      | 40      | 16   |
      | 60      | 12   |
      | 80      | 24   |
