#!/bin/sh
# ESLint and Prettier each read every file on their own: on two cores they run side by side,
# and the lint fails if either does.
eslint . &
eslint_pid=$!
prettier --check .
prettier_status=$?
wait "$eslint_pid"
eslint_status=$?
[ "$eslint_status" -eq 0 ] && [ "$prettier_status" -eq 0 ]
