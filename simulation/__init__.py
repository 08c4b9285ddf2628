"""dambuster.simulation"""
