def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "federation: two real servers sharing PostgreSQL and Redis on localhost "
        "(run when both answer; on CI, where they must, a missing one fails the test)",
    )
