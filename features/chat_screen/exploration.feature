Feature: Random sessions of typing, pasting and Enter lose nothing
  Beyond the scenarios written by hand, the harness explores: Hypothesis's stateful testing
  generates sessions of actions a person takes (typing and pasting, as a terminal sends
  them, Hangul, emoji joined by ZWJ, combining marks, Unicode spaces, format characters,
  markup-like text, escape sequences and control bytes in pastes; Enter, blank Enter,
  several submissions in one burst, Page Up/Down, Home/End, a click on the conversation,
  resizing the terminal) and checks, after every action, the invariants below: among them a
  model of the conversation the seeds define for what was submitted (each valid input, in
  order, a user item followed by one agent item whose body random.choice returned; the
  records, the choice, the input cleared and focused, earlier items unchanged, every item's
  label, format, classes, side and border as drawn). A broken
  invariant fails under its clause, and the failure carries the shrunk session as a
  standalone Pilot script (steps/explore).

  The budget is small and fixed in an ordinary run (--explore N sessions, --explore-seed S;
  docs/exploration.md): the same seed and budget generate the same sessions.

  @screenshot
  @clause:body-source @clause:pair-order @clause:blank-input-no-change @clause:scroll-to-end
  @clause:hardening-control-characters @clause:hardening-typed-text-kept
  @clause:messages-immutable @clause:submission-order @clause:enter-submits @clause:input-focus
  @clause:input-stripped @clause:input-cleared @clause:blank-input-no-choice
  @clause:validate-before-choice @clause:response-from-fixed-list
  @clause:standard-random-choice @clause:one-choice-per-submission @clause:session-records
  @clause:role-values @clause:role-in-message-data @clause:role-labels @clause:display-format
  @clause:single-label-widget @clause:role-classes @clause:label-and-classes-from-role
  @clause:role-alignment @clause:role-borders @scenario_timeout:600
  Scenario: Random sessions keep every typed character and every submission
    When the explorer runs its sessions against the chat app
    Then every invariant held after every action of every session
