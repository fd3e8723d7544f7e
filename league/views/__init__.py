"""The league pages, split by audience: public, coach, commissioner and accounts."""
