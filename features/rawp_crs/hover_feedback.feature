Feature: Static text has no hover effect; interactive options give feedback without moving anything
  Elements the user cannot act on, such as the agent's plain streamed text, have no hover
  effect: with the pointer over them nothing in their region changes (002 §2.3 ¶1). The
  options of an interaction request react to the pointer: the hovered option's own cells
  change style, and nothing on the screen moves or resizes (002 §2.3 ¶2). In a terminal the
  feedback is a change of colour or attribute; whether it is animated smoothly is not
  visible in cells and is left to review.

  Background:
    Given the RAWP-CRS client is running

  @clause:crs-no-hover-effect-on-static
  Scenario: The pointer over plain agent text changes nothing in it
    Given a turn whose plain text is followed by a tool call and more text
    When the pointer rests on the agent's first text block
    Then nothing in that block's region changed, characters or styles

  @clause:crs-no-hover-effect-on-static
  Scenario Outline: The pointer over a <block> changes nothing in it, unless the block acts on a click
    Thinking and tool blocks are agent output as plain text is (002 §2.1). The seeds we hold
    do not say whether a client may fold them on a click; one that does has a real
    interaction there, and may react to the pointer.
    Given a turn of thinking, plain text, a tool call with its result, and more text
    When the pointer rests on the agent's <block>
    Then nothing in that block's region changed, unless a click on the block does something

    Examples:
      | block          |
      | thinking block |
      | tool block     |

  @screenshot
  @clause:crs-interactive-smooth-feedback
  Scenario Outline: The pointer over an option of a <kind> request restyles it and moves nothing
    Given the user has sent "clean up the repository"
    And the agent has started turn "t1"
    When the agent asks "r1", a <kind> request "Which one?" with the options "main, develop, release" in turn "t1"
    And the pointer rests on the option "release"
    Then the hovered option's own cells changed style
    And no glyph changed off the hovered option's row: nothing moved or resized

    Examples:
      | kind         |
      | SELECT       |
      | MULTI_SELECT |

  @clause:crs-interactive-smooth-feedback
  Scenario Outline: The pointer over either answer of a <kind> request restyles it and moves nothing
    A request that asks for approval has two answers, approve and reject: each is an
    element with a real interaction, drawn in the client's own words.
    Given the user has sent "clean up the repository"
    And the agent has started turn "t1"
    When the agent asks "r1", a <kind> request "Delete the build folder?" in turn "t1"
    Then the pointer over each of the request's two answers restyles that answer and moves nothing

    Examples:
      | kind       |
      | YN         |
      | PERMISSION |
