"""A classroom over the network: the teacher's computer hosts the tables, students join."""
