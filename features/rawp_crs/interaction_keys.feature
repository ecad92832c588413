Feature: Keys answer each kind of interaction request; Escape closes it without cancelling the turn
  When the agent asks the user something (agent.interaction.request), the client shows an
  interaction UI that takes the keys of 002 §2.5.3: YN takes Y or Enter to approve and N or
  Escape to reject; PERMISSION takes Enter to approve and Escape to reject; SELECT moves with
  Up/Down and selects with Enter; MULTI_SELECT moves with Up/Down, toggles with Space and
  confirms with Enter; TEXT_INPUT submits with Enter. On the last three Escape cancels: the
  answer carries the request's default_value when it has one, and otherwise no choice is
  sent (the agent handles it as a timeout). Escape on YN and PERMISSION is the table's
  reject (design §9, decision 10). Escape while the UI waits never cancels the turn.
  The answers are read from the frames the agent received; the focus from the screen.

  Background:
    Given the RAWP-CRS client is running
    And the user has sent "clean up the repository"
    And the agent has started turn "t1"

  # 002 §2.5.3 names the letters Y and N, not a case: a capital (Shift or Caps Lock, which a
  # terminal sends as "Y") answers as the small letter does.
  @clause:crs-interaction-keys-yn
  Scenario Outline: <key> answers a YN request with "<outcome>"
    When the agent asks "r1", a YN request "Delete the build folder?" in turn "t1"
    Then the interaction UI is shown with the prompt "Delete the build folder?"
    When the user presses the key "<key>"
    Then the agent received the answer "<outcome>" to "r1"
    And the interaction UI is gone

    Examples:
      | key    | outcome  |
      | y      | approved |
      | Enter  | approved |
      | n      | rejected |
      | Escape | rejected |
      | Y      | approved |
      | N      | rejected |

  @clause:crs-interaction-keys-permission
  Scenario Outline: <key> answers a PERMISSION request with "<outcome>"
    When the agent asks "r1", a PERMISSION request "Run `rm -rf build`?" in turn "t1"
    Then the interaction UI is shown with the prompt "Run `rm -rf build`?"
    When the user presses the key "<key>"
    Then the agent received the answer "<outcome>" to "r1"
    And the interaction UI is gone

    Examples:
      | key    | outcome  |
      | Enter  | approved |
      | Escape | rejected |

  @clause:crs-interaction-keys-select @clause:crs-interactive-smooth-feedback
  Scenario Outline: Up and Down move the focus of a SELECT request one option at a time, Enter selects
    When the agent asks "r1", a SELECT request "<prompt>" with the options "<options>" in turn "t1"
    Then the interaction UI is shown with the prompt "<prompt>"
    When the user moves the focus with Down, Down and Up among "<options>"
    And the user presses the key "Enter"
    Then the agent received the focused option for "r1"
    And the interaction UI is gone

    # Korean options are two cells a character: the steps find them by their cells.
    Examples:
      | prompt        | options                      |
      | Which branch? | main, develop, release, hotfix |
      | 어느 브랜치?  | 메인, 개발, 배포, 긴급 수정  |

  @clause:crs-interaction-keys-multi-select
  Scenario: Space toggles the focused option of a MULTI_SELECT request, Enter confirms
    When the agent asks "r1", a MULTI_SELECT request "Which files?" with the options "setup.py, README.md, Makefile, tox.ini, LICENSE" in turn "t1"
    Then the interaction UI is shown with the prompt "Which files?"
    When the user toggles an option with Space, toggles the next one twice and toggles the one after it among "setup.py, README.md, Makefile, tox.ini, LICENSE"
    And the user presses the key "Enter"
    Then the agent received the toggled options for "r1"
    And the interaction UI is gone

  @clause:crs-interaction-keys-multi-select
  Scenario: Enter confirms the toggled options only, not the focused one
    When the agent asks "r1", a MULTI_SELECT request "Which files?" with the options "setup.py, README.md, Makefile" in turn "t1"
    And the user toggles an option with Space and moves the focus to the next one among "setup.py, README.md, Makefile"
    And the user presses the key "Enter"
    Then the agent received the toggled options for "r1"
    And the interaction UI is gone

  @clause:crs-interaction-keys-text-input
  Scenario: Enter submits the text typed into a TEXT_INPUT request
    When the agent asks "r1", a TEXT_INPUT request "Name of the new branch?" in turn "t1"
    Then the interaction UI is shown with the prompt "Name of the new branch?"
    When the user types "fix parser" into the interaction UI
    And the user presses the key "Enter"
    Then the agent received the value "fix parser" for "r1"
    And the interaction UI is gone

  @clause:crs-interaction-escape-default @clause:crs-interaction-keys-select
  Scenario: Escape on a SELECT request with a default answers the default
    When the agent asks "r1", a SELECT request "Which branch?" with the options "main, develop, release" and the default "develop" in turn "t1"
    And the user presses the key "Down"
    And the user presses the key "Escape"
    Then the agent received the value "develop" for "r1"
    And the interaction UI is gone

  @clause:crs-interaction-escape-default @clause:crs-interaction-keys-text-input
  Scenario: Escape on a TEXT_INPUT request with a default answers the default, not the typed text
    When the agent asks "r1", a TEXT_INPUT request "Commit message?" and the default "wip" in turn "t1"
    And the user types "half a mess" into the interaction UI
    And the user presses the key "Escape"
    Then the agent received the value "wip" for "r1"
    And the interaction UI is gone

  @clause:crs-interaction-escape-default @clause:crs-interaction-keys-multi-select
  Scenario: Escape on a MULTI_SELECT request without a default sends no choice
    When the agent asks "r1", a MULTI_SELECT request "Which files?" with the options "setup.py, README.md, Makefile" in turn "t1"
    And the user presses the keys "space down space"
    And the user presses the key "Escape"
    Then the agent received no choice for "r1"
    And the interaction UI is gone

  # A MULTI_SELECT default naming several options (issue 38): the answer carries them all,
  # as the string sent or as a list of its options (decision audit row 58), whatever the
  # user toggled before Escape.
  @clause:crs-interaction-escape-default @clause:crs-interaction-keys-multi-select
  Scenario: Escape on a MULTI_SELECT request whose default is several options answers them all
    When the agent asks "r1", a MULTI_SELECT request "Which checks?" with the options "lint, test, build" and the default "lint,test" in turn "t1"
    And the user presses the keys "down down space"
    And the user presses the key "Escape"
    Then the agent received the default options "lint,test" for "r1"
    And the interaction UI is gone

  @clause:crs-interaction-escape-default @clause:crs-interaction-keys-select
  Scenario: Escape on a SELECT request without a default sends no choice, not the focused option
    When the agent asks "r1", a SELECT request "Which branch?" with the options "main, develop, release" in turn "t1"
    And the user presses the key "Down"
    And the user presses the key "Escape"
    Then the agent received no choice for "r1"
    And the interaction UI is gone

  @clause:crs-interaction-escape-default @clause:crs-interaction-keys-text-input
  Scenario: Escape on a TEXT_INPUT request without a default sends no choice, not the typed text
    When the agent asks "r1", a TEXT_INPUT request "Commit message?" in turn "t1"
    And the user types "half a mess" into the interaction UI
    And the user presses the key "Escape"
    Then the agent received no choice for "r1"
    And the interaction UI is gone

  @screenshot:2
  @clause:crs-escape-closes-interaction
  Scenario Outline: Escape closes the UI of a <kind> request and does not cancel the turn
    When the agent asks "r1", a <kind> request "Go on?" with the options "alpha, beta, gamma" in turn "t1"
    Then the interaction UI is shown with the prompt "Go on?"
    When the user presses the key "Escape"
    Then the interaction UI is gone
    And the client sent no cancel of the turn
    And the turn is still in progress: a further Escape cancels it

    Examples:
      | kind         |
      | YN           |
      | PERMISSION   |
      | SELECT       |
      | MULTI_SELECT |
      | TEXT_INPUT   |

  @clause:crs-escape-closes-interaction
  Scenario: Escape closes the UI even after a click moved the focus to the conversation
    When the agent asks "r1", a SELECT request "Which branch?" with the options "main, develop, release" in turn "t1"
    And the user clicks the conversation
    And the user presses the key "Escape"
    Then the interaction UI is gone
    And the client sent no cancel of the turn
    And the agent received no choice for "r1"

  @clause:crs-escape-closes-interaction
  Scenario: Escape closes the UI even after a click moved the focus to the input
    When the agent asks "r1", a SELECT request "Which branch?" with the options "main, develop, release" in turn "t1"
    And the user clicks the input
    And the user presses the key "Escape"
    Then the interaction UI is gone
    And the client sent no cancel of the turn
    And the agent received no choice for "r1"

  # 1,000 options are 1,000 rows to build and draw: a client that builds a widget per option
  # takes 7 s for it on a 2-core machine, more under load, so it gets more than the default bound.
  @clause:crs-interaction-keys-select @scenario_timeout:60
  Scenario: A SELECT request with 1,000 options opens and answers like a short one
    When the agent asks "r1", a SELECT request with 1000 options in turn "t1"
    Then the option "option 0" is drawn in the interaction UI
    When the user moves the focus with Down, Down and Up among "option 0, option 1, option 2, option 3"
    And the user presses the key "Enter"
    Then the agent received the focused option for "r1"

  @clause:crs-interaction-keys-select
  Scenario: Markup and control characters in a request are shown and answered as text
    When the agent asks "r1", a SELECT request "Pick [bold]one[/bold] \u001b[31mnow" with the options "[red]yes[/red], no\tway, maybe" in turn "t1"
    Then the interaction UI is shown with the prompt "Pick [bold]one[/bold]"
    And the option "[red]yes[/red]" is drawn in the interaction UI
    When the user presses the key "Enter"
    Then the agent received one of the options "[red]yes[/red], no\tway, maybe" for "r1"

  @clause:crs-interaction-keys-yn
  Scenario: Two requests in one burst are answered one after the other
    When the agent asks "r1" and "r2", two YN requests in one burst
    And the user presses the key "y"
    Then the agent received the answer "approved" to "r1"
    And the interaction UI is shown with the prompt "Second question r2?"
    When the user presses the key "n"
    Then the agent received the answer "rejected" to "r2"
    And the interaction UI is gone

  @clause:crs-escape-closes-interaction
  Scenario: A request for a turn that has ended gets no answer the user did not give
    When the agent ends turn "t1" and then asks "r1" for it
    And the user presses the key "Escape"
    Then the client sent no cancel of the turn
    And the agent received no choice for "r1"
    And the client runs on and the input still takes a new message
