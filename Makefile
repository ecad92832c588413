# Quickstart targets. Each creates .venv (Python 3.11+) on first use, then runs pytest in it.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: conformance test clients lint app crs-app mutation mutants-doc thirdparty wheel-check clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,thirdparty]"
	rm -f $(VENV)/.installed-*
	touch $@

## conformance: run the conformance suite (features/) against the reference app, or ADAPTER=spec; two xdist workers, scenarios spread one by one
conformance: $(STAMP)
	$(BIN)/python -m pytest features -n 2 $(if $(ADAPTER),--adapter=$(ADAPTER)) $(PYTEST_ARGS)

## test: run every test: the features and the harness's own tests (tests/) on two xdist workers; each module of tests/ kept on one worker, the scenarios spread one by one, the longest modules first (tests/conftest.py); compiled modules kept in $(VENV)/pycache, never in the source tree, for the hundreds of pytest subprocesses the tests start (where PYTHONDONTWRITEBYTECODE is set, each would compile everything again: about 1.7 s of CPU each)
test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(abspath $(VENV))/pycache $(BIN)/python -m pytest -n 2 --dist loadscope $(PYTEST_ARGS)

## clients: the independent clients of examples/ (crs_alt, crs_third) on their whole profile, where make test runs each on a sample of feature files (tests/helpers.py WHOLE_CLIENTS); .ci/run runs it after make test
clients: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(abspath $(VENV))/pycache CHAT_CONFORMANCE_CLIENTS=whole $(BIN)/python -m pytest tests/test_crs_alt_conformance.py tests/test_crs_third.py -n 2 --dist loadscope -p no:randomly $(PYTEST_ARGS)

## mutation: mutation score of the reference clients by mutmut (docs/mutation.md), not part of make test; PROFILE=chat_screen or rawp_crs (default: both), SAMPLE mutants per profile (0: all), SEED; resumable (run it again to go on); RETEST=1 runs the sample's survivors again; the report goes to .mutation/<profile>/report.md
mutation: $(STAMP)
	$(BIN)/python -m mutation run $(if $(PROFILE),--profile=$(PROFILE)) --sample=$(or $(SAMPLE),200) --seed=$(or $(SEED),1) $(if $(RETEST),--retest)

## mutants-doc: prove every mutant and correct variant (tests/test_mutants.py) and write what caught what to docs/mutants.md and docs/mutants-rawp_crs.md (make test writes them to the ignored reports/mutants/)
mutants-doc: $(STAMP)
	CHAT_CONFORMANCE_MUTANT_DOCS=1 $(BIN)/python -m pytest tests/test_mutants.py -n 2 -p no:randomly $(PYTEST_ARGS)

## thirdparty: every scenario against the real third-party clients, nonechat (chat_screen) and oterm (rawp_crs) (docs/thirdparty.md; make test runs nonechat on five feature files and oterm on five)
thirdparty: $(STAMP)
	CHAT_CONFORMANCE_THIRDPARTY=full $(BIN)/python -m pytest tests/test_thirdparty.py tests/test_thirdparty_agent.py -p no:randomly $(PYTEST_ARGS)

## wheel-check: build the wheel, install it into a fresh venv in a temporary folder and run both profiles from a team's folder (its own steps package, conftest.py and pytest.ini beside the adapter) with chat-conformance, as README "Run it from your own repository" says (.ci/wheel_check.py; not part of make test; leaves the clone as it was)
wheel-check: $(STAMP)
	$(BIN)/python .ci/wheel_check.py

## lint: ruff and mypy
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## app: run the reference app in this terminal (Escape or Ctrl+Q quits)
app: $(STAMP)
	$(BIN)/python -m reference_app

## crs-app: run the reference RAWP-CRS client against its demo agent (Ctrl+Q quits); ARGS="--new --store /tmp/x.db" passes the client's options
crs-app: $(STAMP)
	$(BIN)/python -m reference_crs $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
