Feature: A reopened conversation is drawn as it was drawn live
  Reopening a stored conversation draws each of its items as the client drew it when it
  happened: a slash command sent live as a command bubble comes back as a command bubble
  (its input type `slash_command` is part of the stored prompt), any other prompt as a text
  bubble, each with its time (004 §3.3, 002 §2.4).

  @screenshot
  @clause:crs-command-bubble-for-slash-input-type @clause:crs-command-bubble-strips-slash
  @part:4
  Scenario: A stored slash command is drawn as a command bubble, as it was live
    Given a stored message "/compact focus on auth" sent with the input type "slash_command"
    When the RAWP-CRS client opens the stored conversation
    Then the last user item is a command bubble
    And the command bubble reads "compact focus on auth"

  # Found by the exploration (30 sessions, seed 5): the reference drew a reopened command
  # that held a file token in its wire form.
  @clause:crs-command-bubble-strips-slash @clause:crs-command-bubble-for-slash-input-type
  @part:3 @part:4
  Scenario: A stored slash command holding a file token names the file, not the token's wire form
    Given a stored slash command "/review <@file:r1|src/app.py> first" with the file reference "r1" for "src/app.py"
    When the RAWP-CRS client opens the stored conversation
    Then the last user item is a command bubble
    And the command bubble shows "src/app.py" and not the token's wire form

  @clause:crs-text-bubble-for-other-input-types
  @part:4
  Scenario: A stored prompt of another input type is drawn as a text bubble, as it was live
    Given a stored message "/compact focus on auth" sent with the input type "text"
    When the RAWP-CRS client opens the stored conversation
    Then the last user item is a text bubble
