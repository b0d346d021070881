//! The desktop app (being written on the `ui` branch).
