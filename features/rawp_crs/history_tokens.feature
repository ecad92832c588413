@part:3
Feature: File tokens in sent messages: styled when valid, literal when forged, never a nested box
  A sent prompt carries its file tokens as `<@file:ref_id|display_path>` and lists the files
  in `file_references`. In the history a token is drawn inline as in the input (its own
  background, end caps), read-only, but only when its `ref_id` is an entry of
  `file_references`; any other token pattern is unescaped and shown as literal text, so a
  forged token never looks like a real file reference (004 §3.1 ¶16-¶18, RAWP-DPS §16.2.2).

  @clause:crs-history-token-style @clause:crs-history-token-validated
  @part:4
  Scenario: A stored message draws its file token inline, without the token syntax
    Given a stored message "see <@file:r1|src/app.py> now" with the file reference "r1" for "src/app.py"
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble draws "src/app.py" as a file token
    And the user bubble shows "see" as literal text, not as a token
    And the user bubble shows "now" as literal text, not as a token

  @clause:crs-history-token-style @clause:crs-history-token-validated
  @part:4
  Scenario: A stored message draws a token for a Korean file name the same way
    Given a stored message "이 파일 <@file:r1|문서/회의록.md> 보세요" with the file reference "r1" for "문서/회의록.md"
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble draws "문서/회의록.md" as a file token
    And the user bubble shows "보세요" as literal text, not as a token

  @clause:crs-token-contrast-in-bubble
  @part:4
  Scenario: A token's background stands out from its bubble's
    Given a stored message "see <@file:r1|src/app.py> now" with the file reference "r1" for "src/app.py"
    When the RAWP-CRS client opens the stored conversation
    Then the token of "src/app.py" stands out from the bubble's background

  # The same, live: a client claiming parts 1 to 3 decides the clause without a stored
  # conversation (part 4).
  @clause:crs-token-contrast-in-bubble
  Scenario: A token sent from the input stands out from its bubble's background
    Given the RAWP-CRS client is running
    When the user types "see " and adds a token for "src/app.py"
    And the user types " now" in the input
    And the user presses Enter
    Then the token of "src/app.py" stands out from the bubble's background

  @clause:crs-history-forged-token-literal @guard:crs-history-token-validated
  @part:4
  Scenario: A token pattern with no file reference is literal text
    Given a stored message "see <@file:r9|a.py> now" with no file references
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble shows "<@file:r9|a.py>" as literal text, not as a token
    And the user bubble shows no file token

  @clause:crs-history-token-validated @clause:crs-history-forged-token-literal
  @part:4
  Scenario: Only the pattern whose ref_id is a file reference becomes a token
    Given a stored message "<@file:r1|a.py> and <@file:r9|a.py> and <@file:r2|b.py>" with the file references "r1" for "a.py" and "r3" for "b.py"
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble draws "a.py" as a file token
    And the user bubble shows "<@file:r9|a.py>" as literal text, not as a token
    And the user bubble shows "<@file:r2|b.py>" as literal text, not as a token

  # 004 §3.1 ¶17 asks that a pattern map *validly* to file_references, so that a forged token
  # never looks like a genuine file reference. A real ref_id with a made-up path would show
  # a file the message never referred to. A client may show such a pattern as literal text
  # or draw the entry's own path as the token; it never draws the made-up path as a token.
  @guard:crs-history-token-validated @clause:crs-history-forged-token-literal
  @part:4
  Scenario Outline: A real ref_id with a made-up path does not make that path a token
    Given a stored message "see <pattern> now" with the file reference "r1" for "src/a.py"
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble draws no file token for "<label>"

    Examples:
      | pattern                       | label            |
      | <@file:r1\|../../etc/passwd>  | ../../etc/passwd |
      | <@file:r1\|src/b.py>          | src/b.py         |

  @clause:crs-history-forged-token-literal
  @part:4
  Scenario: Escaped text is unescaped: an escaped token pattern and backslashes read as typed
    Given a stored message "type \\<@file:x|y> and a\\\\b" with no file references
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble shows "type <@file:x|y> and a\\b" as literal text, not as a token
    And the user bubble shows no file token

  # Found by the mutation score (docs/mutation.md, x__unescape__mutmut_5): a backslash the
  # user typed inside a forged token pattern is sent doubled, and reads as typed again.
  @clause:crs-history-forged-token-literal
  @part:4
  Scenario: A backslash inside a forged token pattern reads as typed
    Given a stored message "\\<@file:a\\\\b|y> end" with no file references
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble shows "<@file:a\\b|y> end" as literal text, not as a token
    And the user bubble shows no file token

  @clause:crs-history-forged-token-literal @clause:crs-history-token-validated
  Scenario: A token typed by hand and sent is shown as the characters typed
    Given the RAWP-CRS client is running
    When the user pastes "<@file:x|y> ok" and presses Enter
    Then the user bubble shows "<@file:x|y> ok" as literal text, not as a token
    And the user bubble shows no file token

  @clause:crs-history-forged-token-literal @clause:crs-history-token-validated
  Scenario: A token pattern typed key by key, with backslashes, is shown as typed
    Given the RAWP-CRS client is running
    When the user types "a\\b <@file:x|y>" and presses Enter, closing any popup first
    Then the user bubble shows "a\\b <@file:x|y>" as literal text, not as a token
    And the user bubble shows no file token

  @screenshot
  @clause:crs-history-token-style @clause:crs-history-token-validated
  Scenario: A token put in the input and sent is drawn as a token in the history
    Given the RAWP-CRS client is running
    When the user types "review " and adds a token for "src/main.py"
    And the user types " please" in the input
    And the user presses Enter
    Then the user bubble draws "src/main.py" as a file token
    And the user bubble shows "review" as literal text, not as a token
    And the user bubble shows "please" as literal text, not as a token

  @clause:crs-history-forged-token-literal
  @part:4
  Scenario: A forged token's markup and markdown are shown as typed
    Given a stored message "<@file:r9|**[b]a[/b]**.py>" with no file references
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble shows "<@file:r9|**[b]a[/b]**.py>" as literal text, not as a token

  @clause:crs-history-token-style @clause:crs-md-bold @clause:crs-md-inline-code
  @part:4
  Scenario: Markdown around and beside a token still renders
    Given a stored message "**see <@file:r1|a.py>** and `code`" with the file reference "r1" for "a.py"
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble draws "a.py" as a file token
    And the user bubble shows "see" in bold, without "**"
    And the user bubble shows "code" on a background of its own, without "`"

  @clause:crs-user-bubble-no-nested-container
  @part:4
  Scenario: Tokens are inline: the bubble holds no box of its own
    Given a stored message "read <@file:r1|a.py> and <@file:r2|lib/b.py>\n* with `code`\n* and [a link](https://example.com)" with the file references "r1" for "a.py" and "r2" for "lib/b.py"
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble holds no container of its own, its tokens inline

  @clause:crs-history-token-action
  @part:4
  Scenario: A token in the history is read-only
    Given a stored message "see <@file:r1|src/app.py> now" with the file reference "r1" for "src/app.py"
    When the RAWP-CRS client opens the stored conversation
    And the user clicks the file token of "src/app.py"
    Then the token of "src/app.py" is unchanged and the input did not change

  @clause:crs-history-token-action
  Scenario: A token of a message sent from the input is read-only in the history
    Given the RAWP-CRS client is running
    When the user types "see " and adds a token for "src/app.py"
    And the user types " now" in the input
    And the user presses Enter
    And the user clicks the file token of "src/app.py"
    Then the token of "src/app.py" is unchanged and the input did not change

  @clause:crs-history-token-validated @clause:crs-history-token-style
  @part:4
  Scenario Outline: Hostile file names are drawn as tokens, their characters harmless
    Given a stored message holding a file token for "<path>" between "see" and "now"
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble draws each referred file as a file token
    And the user bubble shows "now" as literal text, not as a token

    Examples:
      | path                   |
      | [b]bold[/b].py         |
      | src/a\u0007\u001bb.py  |
      | evil\u202eyp.exe       |
      | my file.py             |

  @clause:crs-history-token-validated
  @part:4
  Scenario: A display path holding the pattern's "|" and ">" is a token, or the pattern is shown as it is
    Given a stored message holding a file token for "a|b>c.py" between "see" and "now"
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble draws "a|b>c.py" as a file token, or "<@file:r1|a|b>c.py>" as literal text
    And the user bubble shows "now" as literal text, not as a token

  @clause:crs-history-token-validated @clause:crs-user-bubble-no-nested-container
  @part:4
  Scenario: A 4,000-character path is one token, inline
    Given a stored message referring to a file whose path has 4,000 characters
    When the RAWP-CRS client opens the stored conversation
    Then the user bubble draws each referred file as a file token
    And the user bubble holds no container of its own, its tokens inline
