"""Settings for every test.

Hypothesis: no timing checks. The machine the tests run on is shared (CI and the developers'
boxes run other work beside them), so "input generation is slow" and per-example deadlines
would fail a test for the machine's load, not for the code's behaviour."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("shared-machine")
