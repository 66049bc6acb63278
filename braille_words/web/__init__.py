"""The teacher's web page: every seat of every table at a glance, the table's controls, and
reports per student. One aiohttp application (``teacher_app``) that ``play --roster --web``
serves on its own and the network host mounts beside its WebSockets."""
