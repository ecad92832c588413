Feature: The conversation scrolls to the newest item
  When the conversation is taller than its area, each submission scrolls the area to its
  end, so the newest agent response is visible without the person scrolling.

  @screenshot
  @clause:scroll-to-end
  Scenario: After many submissions the last item is visible
    Given the chat app is running in a terminal of 60x12 cells
    When the user submits 8 numbered inputs
    Then the conversation content is taller than the conversation area
    And the conversation area is scrolled to its end
    And the last item is visible in the conversation area
