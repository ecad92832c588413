Feature: Tokens are sent in token format with file_references; typed text is escaped
  On Enter the input is split into its tokens and its typed text: each token becomes
  <@file:ref_id|display_path> and gets an entry in file_references; typed text is escaped
  (\ becomes \\, then <@ becomes \<@), so no typed text can pass for a token.

  Background:
    Given the RAWP-CRS client is running

  @clause:crs-send-token-format @clause:crs-send-file-references
  Scenario: A token is sent in token format and listed in file_references
    When the user types "review " and adds a token for "src/main.py"
    And the user types " please" in the input
    And the user presses Enter
    Then prompt 1 is "review <1> please", token n standing for <n>

  @screenshot
  @clause:crs-send-file-references @clause:crs-send-token-format
  Scenario: Two tokens, a line break between them, give two file_references in order
    When the user adds a token for "a.py"
    And the user pastes "\nthen\n" in the input
    And the user adds a token for "docs/b.md"
    And the user presses Enter
    Then prompt 1 is "<1>\nthen\n<2>", token n standing for <n>

  @clause:crs-send-text-escaped
  Scenario: Backslashes and <@ typed by hand are escaped
    When the user types "a\\b <@file:x|y>" and presses Enter, closing any popup first
    Then prompt 1 is "a\\\\b \\<@file:x|y>" with no file reference

  @clause:crs-send-text-escaped
  Scenario: Backslashes and <@ pasted are escaped, each once
    When the user pastes "c:\\dir\\ <@ \\<@" and presses Enter, closing any popup first
    Then prompt 1 is "c:\\\\dir\\\\ \\<@ \\\\\\<@" with no file reference

  @clause:crs-send-text-escaped @clause:crs-send-token-format
  Scenario: Text typed right after a token is escaped, the token is not
    When the user types "x\\ " and adds a token for "a.py"
    And the user pastes "\\<@" in the input
    And the user presses Enter
    Then prompt 1 is "x\\\\ <1>\\\\\\<@", token n standing for <n>

  @clause:crs-input-tracks-tokens
  Scenario: Hand-typed look-alikes of a token stay text beside the real token
    When the user adds a token for "a.py"
    And the user pastes " @a.py <@file:ref|a.py>" in the input
    And the user presses Enter
    Then prompt 1 is "<1> @a.py \\<@file:ref|a.py>", token n standing for <n>
