Feature: Random sessions of typing, pasting, turns and Escape lose nothing
  Beyond the scenarios written by hand, the harness explores: Hypothesis's stateful testing
  generates sessions of what a person and the agent do (typing and pasting, as a terminal
  sends them, Hangul, emoji joined by ZWJ, combining marks, Unicode spaces, format
  characters, markup-like text, escape sequences, control bytes and line breaks in pastes;
  Shift+Enter, Enter, blank Enter, Escape while idle and during a turn, Page Up/Down,
  resizing; the agent's turn start, thinking, tool calls, text deltas, events of unknown
  types and turn end) and checks, after every action, the invariants below. A broken
  invariant fails under its clause, and the failure carries the shrunk session as a
  standalone Pilot script (steps/explore).

  The budget is small and fixed in an ordinary run (--explore N sessions, --explore-seed S;
  docs/exploration.md): the same seed and budget generate the same sessions.

  @screenshot
  @clause:crs-input-plain-text @clause:crs-enter-sends @clause:crs-blank-not-sent
  @clause:crs-escape-idle-does-nothing @clause:crs-escape-cancels-turn
  @clause:crs-ignore-unknown-events @scenario_timeout:600
  Scenario: Random sessions send every prompt once, as typed, and cancel only turns
    When the explorer runs its sessions against the RAWP-CRS client
    Then every invariant held after every action of every session
