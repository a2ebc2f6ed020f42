"""The computer's play of Leap Year."""
