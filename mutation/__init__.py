"""Mutation score of the reference clients by mutmut (``make mutation``; docs/mutation.md).

mutmut (https://github.com/boxed/mutmut, version 3) writes every mutant of a reference
client into one copy of it (each function behind a trampoline that picks the active
mutant), runs the profile's features once to learn which scenarios execute each function,
then runs, for each mutant, only those scenarios, stopping at the first failure, in
processes forked from one warm fork server. This package puts that around the harness:

* :mod:`mutation.stage`: the working folder of a profile's run (``.mutation/<profile>/``,
  ignored by git), its mutmut settings, and the few mutmut internals we read (fenced there);
* :mod:`mutation.run`: a seeded random sample of the mutants, run, and resumed where an
  interrupted run stopped;
* :mod:`mutation.plugin`: a pytest plugin the mutant runs load, recording which scenario
  caught each mutant and under which clause;
* :mod:`mutation.triage`: the checked-in triage of the survivors
  (``docs/mutation-survivors.yaml``);
* :mod:`mutation.report`: the score per module and per spec area.
"""
