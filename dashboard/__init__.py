"""paper-trends Streamlit dashboard: thin pages over ``dashboard.data``."""
