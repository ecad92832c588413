Feature: Random sessions of typing, pasting and Enter lose nothing
  Beyond the scenarios written by hand, the harness explores: Hypothesis's stateful testing
  generates sessions of actions a person takes (typing and pasting, as a terminal sends
  them, Hangul, emoji joined by ZWJ, combining marks, Unicode spaces, format characters,
  markup-like text, escape sequences and control bytes in pastes; Enter, blank Enter,
  several submissions in one burst, Page Up/Down, Home/End, a click on the conversation,
  resizing the terminal) and checks, after every action, the invariants below. A broken
  invariant fails under its clause, and the failure carries the shrunk session as a
  standalone Pilot script (steps/explore).

  The budget is small and fixed in an ordinary run (--explore N sessions, --explore-seed S;
  docs/exploration.md): the same seed and budget generate the same sessions.

  @screenshot
  @clause:body-source @clause:pair-order @clause:blank-input-no-change @clause:scroll-to-end
  @clause:hardening-control-characters @clause:hardening-typed-text-kept @scenario_timeout:600
  Scenario: Random sessions keep every typed character and every submission
    When the explorer runs its sessions against the chat app
    Then every invariant held after every action of every session
